// A live blog read as a browser without JavaScript reads it, the page the service renders: the
// LIVE mark, the pin, the key events, the updates newest first, older pages at fixed addresses,
// the 404 page for a page or update the blog does not have, never a draft update; axe clean at
// 1280 and 390 px.

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { minutesAgo, testArticle } from '../support/articles.ts'
import { axeViolations } from '../support/axe.ts'
import { browserSuite } from '../support/suite.ts'

const SECRET = 'Unconfirmed: not for readers'
const body = (text: string) => [{ _type: 'block', _key: 'k', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] }]
// 45 updates a minute apart, u1 the oldest: the first page holds u21 to u45, page 1 u1 to u20.
const updates = Array.from({ length: 45 }, (_, i) => ({
  _id: `u${i + 1}`,
  _type: 'liveUpdate',
  liveBlog: { _type: 'reference', _ref: 'storm' },
  publishedAt: minutesAgo(90 - i),
  body: body(`Update text number ${i + 1}.`),
  ...(i === 2 ? { headline: 'Barrier closes at high tide', isKeyEvent: true } : {}),
  ...(i === 43 ? { headline: 'Gusts of 68mph at Canary Wharf', isKeyEvent: true } : {}),
  ...(i === 30 ? { headline: 'Travel advice', isPinned: true } : {}),
}))

const suite = browserSuite({
  documents: [
    testArticle('storm', 95, { title: 'Storm live', isLiveBlog: true, body: body('The storm crosses London tonight.') }),
    // A blog whose coverage has ended, still flagged Breaking News and Lead Story: off the banner
    // (decision 042), and in the lead saying it has ended.
    testArticle('floods', 300, { title: 'Floods live', isLiveBlog: true, isBreakingNews: true, isLeadStory: true, liveBlogEndedAt: minutesAgo(20) }),
    ...updates,
    { ...updates[0]!, _id: 'drafts.secret', headline: SECRET, body: body(SECRET), publishedAt: minutesAgo(1) },
  ],
})

async function read(path: string, width = 1280): Promise<{ page: Page; status: number | undefined }> {
  const context = await suite.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false })
  const page = await context.newPage()
  const response = await page.goto(`${suite.service.url}${path}`)
  return { page, status: response?.status() }
}

const shownIds = (page: Page) => page.locator('section[aria-labelledby="liveblog-updates-title"] article').evaluateAll((all) => all.map((a) => a.id))

describe('a live blog without JavaScript', () => {
  it('shows the LIVE mark, the pin, the key events and the newest updates first, and never a draft', async () => {
    const { page, status } = await read('/article/storm')
    expect(status).toBe(200)
    const main = page.getByRole('main')
    expect(await main.getByText('Live', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('region', { name: 'Pinned' }).getByRole('heading', { level: 3 }).innerText()).toBe('Travel advice')
    const keyEvents = page.getByRole('navigation', { name: 'Key events' }).getByRole('link')
    expect(await keyEvents.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(['#update-u44', '/article/storm?update=u3#update-u3'])
    expect(await shownIds(page)).toEqual(Array.from({ length: 25 }, (_, i) => `update-u${45 - i}`))
    expect(await page.content()).not.toContain(SECRET)
    // For search engines: a LiveBlogPosting with an entry per update shown, each its own headline and address.
    const ld = JSON.parse(await page.locator('script[type="application/ld+json"]').first().textContent() ?? 'null')
    expect(ld['@type']).toBe('LiveBlogPosting')
    expect(ld.liveBlogUpdate).toHaveLength(25)
    expect(ld.liveBlogUpdate[1]).toMatchObject({ headline: 'Gusts of 68mph at Canary Wharf', url: `${suite.service.url}/article/storm#update-u44` })

    // A key event on this page is a jump within it.
    await keyEvents.first().click()
    expect(new URL(page.url()).hash).toBe('#update-u44')
  })

  it('keeps older updates at a fixed address, and finds an update’s page from its own address', async () => {
    const { page } = await read('/article/storm')
    await page.getByRole('link', { name: 'Older updates' }).click()
    expect(new URL(page.url()).search).toBe('?page=1')
    expect(await shownIds(page)).toEqual(Array.from({ length: 20 }, (_, i) => `update-u${20 - i}`))
    expect(await page.getByRole('heading', { name: 'Older updates, page 1' }).isVisible()).toBe(true)
    // Newer updates: the page holding the update after the block (the first page, for now).
    await page.getByRole('link', { name: 'Newer updates' }).click()
    expect(new URL(page.url()).search).toBe('?update=u21')
    expect(await page.getByRole('heading', { name: 'Latest updates' }).isVisible()).toBe(true)

    await page.getByRole('navigation', { name: 'Key events' }).getByRole('link', { name: /Barrier closes/ }).click()
    expect(new URL(page.url()).search).toBe('?update=u3')
    expect(await page.locator('#update-u3').getByRole('heading').innerText()).toBe('Barrier closes at high tide')
  })

  it('is the 404 page for a page or an update the blog does not have', async () => {
    for (const path of ['/article/storm?page=3', '/article/storm?page=0', '/article/storm?page=-3', '/article/storm?page=abc', '/article/storm?page=99999999999', '/article/storm?update=drafts.secret', '/article/storm?update=nope', '/article/storm?update=%3Cscript%3E']) {
      const { page, status } = await read(path)
      expect(status, path).toBe(404)
      expect(await page.content(), path).not.toContain(SECRET)
      await page.context().close()
    }
  })

  it('is clean to axe at 1280 and 390 px, with nothing wider than the phone', async () => {
    const context = await suite.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    // Axe is a script: the page is opened as the browser without JavaScript builds it, with none of the app's scripts.
    await page.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
    await page.goto(`${suite.service.url}/article/storm`)
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await axeViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })

  it('takes a blog whose coverage has ended off the breaking banner, and says in the lead that it has ended, in words axe can read', async () => {
    const context = await suite.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
    await page.goto(`${suite.service.url}/`)
    const latest = page.locator('.live-latest').first()
    await expect.poll(() => latest.textContent()).toMatch(/This live blog has ended\. Coverage ended /)
    expect(await page.getByRole('region', { name: 'Breaking News' }).count()).toBe(0)
    expect(await axeViolations(page, { include: '.live-latest' })).toEqual([])
    await context.close()
  })
})
