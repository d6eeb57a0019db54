// A correction in Chromium against a real service, end to end: an editor adds one to a live story in
// the article form's Corrections section and saves; readers then find it at the foot of the article
// (server-rendered, with "Updated" under the date), in the article's NewsArticle (`correction`), in
// the RSS item and on /corrections, newest first, linking back. Axe checks the form's section, the
// article and the corrections page at 1280 and 390 px.

import { XMLParser } from 'fast-xml-parser'
import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { correctionDay } from '../../shared/corrections.ts'
import { londonDay } from '../../src/content/format/dates.ts'
import { minutesAgo } from '../support/articles.ts'
import { axeViolations } from '../support/axe.ts'
import { testAdmin } from '../support/service.ts'
import { signedInContext } from '../support/signIn.ts'
import { browserSuite } from '../support/suite.ts'

const authorId = '4e3d2c1b-0a9f-4e8d-9c7b-6a5f4e3d2c1b'
const categoryId = '5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c'
const articleId = '6a5f4e3d-2c1b-4a0f-9e8d-7c6b5a4f3e2d'
const text = 'An earlier version of this article said the bridge reopened on Monday. It reopened on Tuesday.'

const suite = browserSuite({
  documents: [
    { _id: authorId, _type: 'author', name: 'Ada Okafor', slug: { _type: 'slug', current: 'ada' } },
    { _id: categoryId, _type: 'category', title: 'London', slug: { _type: 'slug', current: 'london' }, kind: 'section' },
    {
      _id: articleId,
      _type: 'article',
      title: 'Hammersmith Bridge reopens to traffic',
      slug: { _type: 'slug', current: 'hammersmith-bridge' },
      publishedAt: minutesAgo(90),
      excerpt: 'Buses return first, cars from next month.',
      author: { _type: 'reference', _ref: authorId },
      categories: [{ _type: 'reference', _ref: categoryId, _key: 'c' }],
      body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'The bridge reopened to buses on Tuesday morning.', marks: [] }] }],
    },
  ],
  viewport: { width: 1280, height: 1000 },
})

let editor: BrowserContext
const notice = () => `This article was amended on ${correctionDay(londonDay(new Date()))}. ${text}`

beforeAll(async () => {
  editor = await signedInContext(suite, testAdmin)
})

async function axeAtBothWidths(page: Page, include: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 1000 })
  expect(await axeViolations(page, { include })).toEqual([])
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await axeViolations(page, { include })).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.setViewportSize({ width: 1280, height: 1000 })
}

describe('a correction', () => {
  it('is added to a live story in the article form and saved with it', async () => {
    const page = await editor.newPage()
    await page.goto(`${suite.service.url}/admin/edit/articles/${articleId}`)
    const section = page.getByRole('group', { name: 'Corrections' })
    await section.waitFor({ timeout: 15_000 })
    expect(await section.getByText('No corrections on this article.').count()).toBe(1)
    await section.getByLabel('What was corrected or clarified').fill(text)
    await section.getByRole('button', { name: 'Add correction' }).click()
    await section.getByText(notice()).waitFor()
    await axeAtBothWidths(page, 'fieldset.corrections-field')
    await page.getByRole('button', { name: 'Save Article' }).click()
    await page.waitForURL('**/admin/dashboard')
    await page.close()
  })

  it('is at the foot of the article, server-rendered, with "Updated" under the date, and in its NewsArticle', async () => {
    const response = await (await fetch(`${suite.service.url}/article/hammersmith-bridge`)).text()
    // The server's page carries the notice before any script runs.
    expect(response).toContain(notice())
    const page = await suite.newPage()
    await page.goto(`${suite.service.url}/article/hammersmith-bridge`)
    const foot = page.getByRole('complementary', { name: 'Corrections and clarifications' })
    expect(await foot.textContent()).toBe(notice())
    expect(await page.locator('.byline__updated').textContent()).toMatch(/^Updated \w+day \d{1,2} \w+ \d{4} \d{2}\.\d{2} (GMT|BST)$/)
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}')
    expect(ld.correction).toEqual([{ '@type': 'CorrectionComment', text, datePublished: londonDay(new Date()) }])
    expect(new Date(ld.dateModified).getTime()).toBeGreaterThan(new Date(ld.datePublished).getTime())
    await axeAtBothWidths(page, 'body')
  })

  it('is in the story’s RSS item and on /corrections, linking back to the story', async () => {
    const xml = await (await fetch(`${suite.service.url}/rss.xml`)).text()
    const items = new XMLParser({ isArray: (name) => name === 'item' }).parse(xml).rss.channel.item as Array<{ title: string; description: string }>
    expect(items.find((item) => item.title === 'Hammersmith Bridge reopens to traffic')?.description).toBe(`Buses return first, cars from next month. ${notice()}`)

    const page = await suite.newPage()
    const response = await page.goto(`${suite.service.url}/corrections`)
    expect(response?.status()).toBe(200)
    await page.getByRole('heading', { level: 1, name: 'Corrections and clarifications' }).waitFor()
    const entry = page.locator('.corrections-list__item').first()
    expect(await entry.locator('.corrections-list__text').textContent()).toBe(text)
    await axeAtBothWidths(page, 'body')
    await entry.getByRole('link', { name: 'Hammersmith Bridge reopens to traffic' }).click()
    await page.waitForURL('**/article/hammersmith-bridge')
    await page.getByRole('complementary', { name: 'Corrections and clarifications' }).waitFor()
  })
})
