// What a contributor gets in Chromium against a real service (decisions 013 and 014): the article
// list and the dashboard offer them Edit but no Delete (deleting an article is an editor's, and the service refuses
// it), and they preview a draft at its reader address under the "Preview: not published" banner, as
// editors do, while an anonymous reader at that address still gets "Article not found.". Axe checks
// the list and the preview at 1280 and 390 px. Each admin page a contributor may not use, opened by
// its address, says so in words (shared/roles.ts adminAreas) instead of the service's refusal.

import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminAreas } from '../../shared/roles.ts'
import { minutesAgo } from '../support/articles.ts'
import { gotoApp } from '../support/browser.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'
import { signedInContext } from '../support/signIn.ts'

const contributor = { email: 'stringer@resonance.test', password: 'a contributor password' }
const authorId = '2c1b0a9f-8e7d-4c6b-9a5f-4e3d2c1b0a9f'
const categoryId = '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a'
const secret = 'The borough will name the new bridge after a vote in spring.'

const article = (id: string, title: string, text: string, flags: Record<string, boolean> = {}) => ({
  _id: id,
  _type: 'article',
  title,
  slug: { _type: 'slug', current: id.replace(/^drafts\./, '') },
  publishedAt: minutesAgo(30),
  excerpt: `${title}.`,
  author: { _type: 'reference', _ref: authorId },
  categories: [{ _type: 'reference', _ref: categoryId, _key: 'c' }],
  body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] }],
  ...flags,
})

const suite = browserSuite({
  documents: [
    { _id: authorId, _type: 'author', name: 'Ada Okafor', slug: { _type: 'slug', current: 'ada' } },
    { _id: categoryId, _type: 'category', title: 'London', slug: { _type: 'slug', current: 'london' }, kind: 'section' },
    article('ferry-timetable', 'Thames ferry timetable changes', 'Boats every fifteen minutes from Monday.', { isLatestUpdate: true }),
    article('drafts.new-footbridge', 'A new footbridge for Nine Elms', `Work starts next year. ${secret}`),
  ],
  seed: ({ service }) => service.auth.upsertUser(contributor.email, contributor.password, 'contributor'),
  viewport: { width: 1280, height: 1000 },
})

let context: BrowserContext

beforeAll(async () => {
  context = await signedInContext(suite, contributor)
})

async function axeClean(page: Page, include: string): Promise<void> {
  expect(await axeViolations(page, { include })).toEqual([])
}

describe('a contributor', () => {
  it('is offered Edit but no Delete in the article list, nor on the dashboard', async () => {
    const page = await context.newPage()
    await page.goto(`${suite.service.url}/admin/dashboard`)
    await page.getByRole('heading', { level: 2, name: 'Latest Updates' }).waitFor()
    await page.getByRole('link', { name: 'Edit “Thames ferry timetable changes”' }).waitFor()
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0)
    await page.goto(`${suite.service.url}/admin/articles`)
    const table = page.getByRole('table', { name: /^Articles,/ })
    await table.waitFor()
    expect(await table.getByRole('link', { name: 'Edit “Thames ferry timetable changes”' }).count()).toBe(1)
    expect(await table.getByRole('link', { name: 'Edit “A new footbridge for Nine Elms”' }).count()).toBe(1)
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0)
    await axeClean(page, 'main')
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0)
    await axeClean(page, 'main')
    await page.close()
  })

  it('is told in words that a page is not for their role, and is not offered it in the navigation', async () => {
    const page = await context.newPage()
    const nav = page.getByRole('navigation')
    const opened = ['/admin/inbox', '/admin/inbox/no-such-message', '/admin/subscribers', '/admin/outbox', '/admin/authors', '/admin/categories', '/admin/photo-essays/new', '/admin/people', '/admin/webhooks']
    for (const path of opened) {
      await page.goto(`${suite.service.url}${path}`)
      const area = Object.values(adminAreas).find((a) => path.startsWith(a.path))!
      await page.getByRole('heading', { level: 1, name: area.name }).waitFor()
      expect(await page.getByText(area.refusal).count(), path).toBe(1)
      expect(await page.getByText(/Insufficient permissions|mutation\(s\) failed|Failed to load/).count(), path).toBe(0)
      expect(await nav.getByRole('link', { name: area.name, exact: true }).count(), path).toBe(0)
    }
    expect(await page.getByText('Your role cannot manage webhooks.').count()).toBe(1)
    await axeClean(page, 'body')
    await page.setViewportSize({ width: 390, height: 844 })
    await axeClean(page, 'body')
    await page.getByRole('link', { name: 'Back to the dashboard' }).click()
    await page.getByRole('heading', { level: 2, name: 'Latest Updates' }).waitFor()
    await page.close()
  })

  it('previews a draft at its reader address, which anonymous readers still find missing', async () => {
    const page = await context.newPage()
    await gotoApp(page, `${suite.service.url}/article/new-footbridge`)
    await page.getByRole('heading', { level: 1, name: 'A new footbridge for Nine Elms' }).waitFor({ timeout: 15_000 })
    expect(await page.getByRole('region', { name: 'Preview' }).getByText('Preview: not published').count()).toBe(1)
    expect(await page.getByText(secret).count()).toBe(1)
    await axeClean(page, 'body')
    await page.setViewportSize({ width: 390, height: 844 })
    await axeClean(page, 'body')
    await page.close()

    const reader = await suite.newPage()
    await gotoApp(reader, `${suite.service.url}/article/new-footbridge`)
    await reader.getByRole('heading', { level: 1, name: 'Article not found.' }).waitFor()
    expect(await reader.getByText(secret).count()).toBe(0)
  })
})
