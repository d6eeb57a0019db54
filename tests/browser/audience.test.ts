// The Audience page in Chromium against a real service, with reads folded into audience.db as the
// counter writes them: an editor sees every article's reads, the top articles of the last hour and
// of the last 24 hours, and where readers came from, each chart with its numbers as a table; a
// contributor sees the article they wrote alone, on the page and under its edit form. Axe checks
// the page at 1280 and 390 px.

import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { minutesAgo } from '../support/articles.ts'
import { axeViolations } from '../support/axe.ts'
import { signedInContext } from '../support/signIn.ts'
import { browserSuite } from '../support/suite.ts'

const editor = { email: 'desk@resonance.test', password: 'an editor password' }
const contributor = { email: 'stringer@resonance.test', password: 'a contributor password' }

const article = (id: string, title: string) => ({
  _id: id,
  _type: 'article',
  title,
  slug: { _type: 'slug', current: id },
  publishedAt: minutesAgo(90),
  body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: `${title}.`, marks: [] }] }],
})

const suite = browserSuite({
  documents: [article('ferry-timetable', 'Thames ferry timetable changes'), article('nine-elms-bridge', 'A footbridge for Nine Elms')],
  seed: async ({ service }) => {
    await service.auth.upsertUser(editor.email, editor.password, 'editor')
    await service.auth.upsertUser(contributor.email, contributor.password, 'contributor')
    // The contributor's changes to the footbridge story make it theirs.
    const { access_token } = await service.auth.login(contributor.email, contributor.password, '127.0.0.1')
    await service.client({ token: access_token }).createOrReplace({ ...article('nine-elms-bridge', 'A footbridge for Nine Elms, updated'), _id: 'drafts.nine-elms-bridge' })
    const hour = Math.floor(Date.now() / 3_600_000)
    const minute = Math.floor(Date.now() / 60_000)
    const db = new Database(join(service.dataDir, 'audience.db'))
    db.exec(`
      CREATE TABLE IF NOT EXISTS reads_hourly (dataset TEXT NOT NULL, article_id TEXT NOT NULL, hour INTEGER NOT NULL, source TEXT NOT NULL, reads INTEGER NOT NULL, PRIMARY KEY (dataset, article_id, hour, source));
      CREATE TABLE IF NOT EXISTS reads_minutely (dataset TEXT NOT NULL, article_id TEXT NOT NULL, minute INTEGER NOT NULL, reads INTEGER NOT NULL, PRIMARY KEY (dataset, article_id, minute));
    `)
    const hourly = db.prepare('INSERT INTO reads_hourly VALUES (?, ?, ?, ?, ?)')
    hourly.run('production', 'ferry-timetable', hour, 'search', 120)
    hourly.run('production', 'ferry-timetable', hour - 3, 'social', 40)
    hourly.run('production', 'nine-elms-bridge', hour - 1, 'newsletter', 25)
    hourly.run('production', 'nine-elms-bridge', hour, 'direct', 5)
    const minutely = db.prepare('INSERT INTO reads_minutely VALUES (?, ?, ?, ?)')
    minutely.run('production', 'ferry-timetable', minute - 2, 30)
    minutely.run('production', 'nine-elms-bridge', minute - 20, 5)
    db.close()
  },
  viewport: { width: 1280, height: 1000 },
})

async function axeClean(page: Page): Promise<void> {
  expect(await axeViolations(page, { include: 'main' })).toEqual([])
}


describe('the Audience page', () => {
  it('shows an editor every article’s reads, the top articles and their sources, axe clean at 1280 and 390 px', async () => {
    const page = await (await signedInContext(suite, editor)).newPage()
    await page.goto(`${suite.service.url}/admin/dashboard`)
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audience' }).click()
    await page.getByRole('heading', { level: 1, name: 'Audience' }).waitFor()
    const now = page.getByRole('region', { name: 'Reads now' })
    await now.waitFor()
    expect(await now.getByRole('definition').allTextContents()).toEqual(['30', 'reads', '35', 'reads', '190', 'reads'])
    const top = page.getByRole('region', { name: 'Top articles, last hour' })
    expect(await top.getByRole('link').allTextContents()).toEqual(['Last hour', 'Last 24 hours', 'Thames ferry timetable changes', 'A footbridge for Nine Elms'])
    // The hour-by-hour chart is an image named by its summary, and a table of the same numbers.
    expect(await page.getByRole('img', { name: /^Reads hour by hour, last 24 hours: 190 reads in the last 24 hours; the most, 125/ }).count()).toBe(1)
    await page.getByText('Show the numbers: Reads hour by hour, last 24 hours').click()
    expect(await page.getByRole('table', { name: 'Reads hour by hour, last 24 hours' }).getByRole('row').count()).toBe(25)
    const sources = page.getByRole('table', { name: 'Reads by source, last 24 hours' })
    expect(await sources.getByRole('row', { name: /Search engines/ }).getByRole('cell').allTextContents()).toEqual(['120', '63%'])
    await axeClean(page)

    await top.getByRole('link', { name: 'Last 24 hours' }).click()
    await page.getByRole('heading', { name: 'Top articles, last 24 hours' }).waitFor()
    expect(page.url()).toContain('window=day')
    await page.setViewportSize({ width: 390, height: 844 })
    await axeClean(page)
    await page.close()
  })

  it('shows a contributor the reads of the article they wrote alone, there and under its edit form', async () => {
    const page = await (await signedInContext(suite, contributor)).newPage()
    await page.goto(`${suite.service.url}/admin/audience?window=day`)
    await page.getByText('You see the reads of the articles you have written.', { exact: false }).waitFor()
    expect(await page.getByRole('region', { name: 'Reads now' }).getByRole('definition').allTextContents()).toEqual(['0', 'reads', '5', 'reads', '30', 'reads'])
    const top = page.getByRole('region', { name: 'Top articles, last 24 hours' })
    expect(await top.getByRole('link').allTextContents()).toEqual(['Last hour', 'Last 24 hours', 'A footbridge for Nine Elms'])
    await axeClean(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await axeClean(page)

    await top.getByRole('link', { name: 'A footbridge for Nine Elms' }).click()
    const reads = page.getByRole('region', { name: 'Reads', exact: true })
    await reads.getByRole('table', { name: 'Where its readers came from, every read counted' }).waitFor()
    expect(await reads.getByRole('definition').allTextContents()).toEqual(['30', '30', '5'])
    // Another writer's article: no reads panel, as the service refuses them its numbers.
    const refused = page.waitForResponse((res) => res.url().includes('/audience/production/ferry-timetable'))
    await page.goto(`${suite.service.url}/admin/edit/articles/ferry-timetable`)
    expect((await refused).status()).toBe(403)
    await page.getByRole('region', { name: 'Reads', exact: true }).waitFor({ state: 'detached' })
    await page.close()
  })
})
