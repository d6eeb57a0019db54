// The homepage in Chromium against a real content service: sections follow the spec's rules on a
// dataset written here, writes appear without a reload, and the page falls back to polling, goes
// offline and recovers as its connection does.

import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { applyHomepageRules, type CardArticle } from '../../src/content/homepage/rules.ts'
import { testArticle } from '../support/articles.ts'
import { gotoApp } from '../support/browser.ts'
import { startTestService } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'

const dataset = [
  testArticle('breaking-old', 300, { isBreakingNews: true }),
  testArticle('breaking-new', 5, { isBreakingNews: true }),
  testArticle('lead-old', 400, { isLeadStory: true, isFeatured: true }),
  testArticle('lead-new', 20, { isLeadStory: true, isFeatured: true }),
  ...[1, 2, 3, 4].map((n) => testArticle(`featured-${n}`, 30 + n, { isFeatured: true })),
  ...[1, 2, 3, 4, 5, 6].map((n) => testArticle(`update-${n}`, 50 + n, { isLatestUpdate: true })),
  ...[1, 2, 3, 4, 5].map((n) => testArticle(`video-${n}`, 70 + n, { mediaType: 'video' })),
  ...[1, 2, 3, 4, 5, 6].map((n) => testArticle(`read-${n}`, 500 + n, { readCount: 1000 + n * 50, readsLastDay: 100 + n * 50 })),
  testArticle('read-100', 600, { readCount: 5000, readsLastDay: 100 }),
  testArticle('nowhere', 700),
  { ...testArticle('draft-lead', 1, { isLeadStory: true }), _id: 'drafts.draft-lead' },
]

const suite = browserSuite({ documents: dataset })

async function openHome(page: Page): Promise<void> {
  await gotoApp(page, `${suite.service.url}/`)
  await page.getByRole('region', { name: 'Lead Story' }).waitFor()
}

const titlesIn = (page: Page, name: string) => page.getByRole('region', { name }).getByRole('link').allTextContents()

describe('homepage sections', () => {
  it('follow the spec’s rules over every published article, and report violations in the console', async () => {
    const context = await suite.browser.newContext()
    const page = await context.newPage()
    const consoleErrors: string[] = []
    page.on('console', (m) => consoleErrors.push(m.text()))
    await openHome(page)
    const published = dataset
      .filter((d) => !d._id.startsWith('drafts.'))
      .map((d) => ({ ...d, slug: d.slug.current }) as unknown as CardArticle)
    const { sections } = applyHomepageRules(published)
    expect(await titlesIn(page, 'Breaking News')).toEqual([sections.breaking!.title])
    expect(await page.getByRole('region', { name: 'Lead Story' }).getByRole('heading', { level: 3 }).textContent()).toBe(sections.lead!.title)
    expect((await titlesIn(page, 'Featured Stories')).filter((t) => !t.startsWith('Continue Reading'))).toEqual(sections.featured.map((a) => a.title))
    expect(await titlesIn(page, 'Latest Updates')).toEqual(sections.latest.map((a) => a.title))
    expect(await titlesIn(page, 'Trending')).toEqual(sections.trending.map((a) => a.title))
    expect((await titlesIn(page, 'Video Journal')).map((t) => t.replace(/^Video: /, ''))).toEqual(sections.videos.map((a) => a.title))
    expect(await page.getByText('Story draft-lead').count()).toBe(0)
    expect(await page.getByRole('region', { name: 'Lead Story' }).getByRole('link').first().getAttribute('href')).toBe('/article/lead-new')
    // The live feed island reports them once it has woken, after the load event and in tasks of its own.
    await expect.poll(() => consoleErrors, { timeout: 20_000 }).toContain('RULE VIOLATION: 2 breaking news stories found. Only 1 allowed.')
    expect(consoleErrors).toContain('RULE VIOLATION: 2 lead stories found. Only 1 allowed.')
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

describe('arriving from another page', () => {
  it('shows the spinner until the first fetch, then the sections', async () => {
    const context = await suite.browser.newContext()
    const page = await context.newPage()
    // Reader pages are documents (the homepage arrives with its front page already in it), but an
    // editor's preview is taken over by the whole app for good (src/content/pages/wholeApp.ts): from
    // there, Home is the app's own move, which fetches the front page.
    await gotoApp(page, `${suite.service.url}/article/featured-1?preview`)
    // A slow service: the homepage's query takes two and a half seconds.
    await page.route('**/data/query/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500))
      await route.continue()
    })
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('link', { name: 'Home' }).click()
    await page.getByRole('status', { name: 'Loading the latest news' }).waitFor()
    await page.getByRole('region', { name: 'Lead Story' }).waitFor()
    expect(await page.getByRole('status', { name: 'Loading the latest news' }).count()).toBe(0)
    expect(await page.getByRole('region', { name: 'Lead Story' }).getByRole('link').first().textContent()).toBe('Story lead-new')
    await context.close()
  })
})

describe('live updates', () => {
  it('shows a write on an open homepage without a reload', async () => {
    const context = await suite.browser.newContext()
    const page = await context.newPage()
    await openHome(page)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    // The status keeps the space its first words took: with "Connecting…" put back in its label, the
    // right-aligned status moves no part of itself (the homepage's CLS stays 0 as it goes live).
    const edges = await page.evaluate(() => {
      const label = document.querySelector('.connection-status__label')!
      const left = () => Math.round(document.querySelector('.connection-status__dot')!.getBoundingClientRect().left)
      const live = left()
      label.firstChild!.textContent = 'Connecting…'
      const connecting = left()
      label.firstChild!.textContent = 'Live'
      return { live, connecting }
    })
    expect(edges.connecting).toBe(edges.live)
    await suite.service.client({ token: suite.token }).create(testArticle('just-in', 0, { isBreakingNews: true, title: 'Just in: Tower Bridge stuck open' }))
    await page.getByRole('region', { name: 'Breaking News' }).getByRole('link', { name: 'Just in: Tower Bridge stuck open' }).waitFor({ timeout: 5_000 })
    await context.close()
  })

  it('falls back to polling when the live query fails, and still shows writes', async () => {
    const context = await suite.browser.newContext()
    const page = await context.newPage()
    // The network boundary is the one thing faked: the listen endpoint refuses.
    await page.route('**/data/listen/**', (route) => route.abort())
    await openHome(page)
    await page.getByRole('status').filter({ hasText: 'Updating every 10 seconds' }).waitFor()
    await suite.service.client({ token: suite.token }).patch('lead-new').set({ title: 'Lead story, revised while polling' }).commit()
    await page.getByRole('region', { name: 'Lead Story' }).getByRole('link', { name: 'Lead story, revised while polling' }).waitFor({ timeout: 15_000 })
    await context.close()
  })
})

describe('connection loss', () => {
  it('shows offline when the service is down, and recovers when it is back', async () => {
    const context = await suite.browser.newContext()
    const page = await context.newPage()
    await openHome(page)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    const port = suite.service.port
    const dataDir = suite.service.dataDir
    await suite.service.close()
    await page.getByRole('status').filter({ hasText: 'Offline. Trying to reconnect…' }).waitFor({ timeout: 20_000 })
    // What was on screen stays there while offline.
    expect(await page.getByRole('region', { name: 'Lead Story' }).isVisible()).toBe(true)
    suite.service = await startTestService({ STATIC_DIR: resolve('dist'), DATA_DIR: dataDir, PORT: String(port) })
    suite.token = await suite.service.adminToken()
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 20_000 })
    await suite.service.client({ token: suite.token }).patch('lead-new').set({ title: 'Back online' }).commit()
    await page.getByRole('region', { name: 'Lead Story' }).getByRole('link', { name: 'Back online' }).waitFor({ timeout: 5_000 })
    await context.close()
  })
})
