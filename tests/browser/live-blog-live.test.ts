// An open live blog page in Chromium against a real content service: a new update appears at the
// top without a reload; a reader further down gets a "1 new update" button that brings it and
// takes them up; edits, deletions, the pin and the end reach the open page; and with the listen
// stream refused the page polls and still shows what is posted. Axe at 1280 and 390 px.

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { minutesAgo, testArticle } from '../support/articles.ts'
import { axeViolations } from '../support/axe.ts'
import { gotoApp } from '../support/browser.ts'
import { browserSuite } from '../support/suite.ts'

const paragraph = (text: string) => ({ _type: 'block', _key: text.slice(0, 6).replace(/\W/g, 'x'), style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] })
const body = (text: string) => [paragraph(text), paragraph('Our reporters are following the storm across London and the south-east, with the Met Office, the Environment Agency and Transport for London.')]
/** An update of `blog`, `minutes` old. */
const update = (blog: string, id: string, minutes: number, text: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  _type: 'liveUpdate',
  liveBlog: { _type: 'reference', _ref: blog },
  publishedAt: minutesAgo(minutes),
  body: body(text),
  ...extra,
})
/** A blog with ten updates, long enough to scroll past its newest. */
const blog = (id: string) => [
  testArticle(id, 120, { title: `Storm live: ${id}`, isLiveBlog: true, body: [paragraph('The storm crosses London tonight.')] }),
  ...Array.from({ length: 10 }, (_, i) => update(id, `${id}-${i + 1}`, 100 - i * 5, `Update ${i + 1} of the ${id} blog.`)),
]

const suite = browserSuite({ documents: [...blog('atop'), ...blog('edits'), ...blog('polled')] })
const writer = () => suite.service.client({ token: suite.token })

const stream = (page: Page) => page.getByRole('region', { name: 'Latest updates' })
const shownIds = (page: Page) => stream(page).locator('article').evaluateAll((all) => all.map((a) => a.id))

async function open(path: string, width = 1280, height = 800): Promise<Page> {
  const page = await suite.newPage({ viewport: { width, height } })
  await gotoApp(page, `${suite.service.url}${path}`)
  return page
}

describe('an open live blog page', () => {
  it('shows a new update at once at the top, and scrolled down, a "1 new update" button that brings it', async () => {
    // A short window, so the updates start below it: the reader then jumps past them in one go.
    const page = await open('/article/atop', 1280, 400)
    await page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor()
    await writer().create(update('atop', 'atop-11', 0, 'Gusts of 68mph are recorded at Canary Wharf.', { headline: 'Gusts of 68mph at Canary Wharf' }))
    await page.locator('#update-atop-11').waitFor()
    expect((await shownIds(page))[0]).toBe('update-atop-11')
    expect(await page.getByRole('status', { name: 'Live blog announcements' }).textContent()).toBe('New update: Gusts of 68mph at Canary Wharf')

    // Further down, a new update is held: the page does not move under the reader. The jump (as the
    // End key or a key event's link makes) goes from above the updates to below them with no frame
    // in which their heading is on screen.
    expect(await page.evaluate(() => (document.getElementById('liveblog-updates-title')?.getBoundingClientRect().top ?? 0) > window.innerHeight)).toBe(true)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await page.waitForFunction(() => (document.getElementById('liveblog-updates-title')?.getBoundingClientRect().bottom ?? 0) < 0)
    const scrolled = await page.evaluate(() => window.scrollY)
    await writer().create(update('atop', 'atop-12', 0, 'The Thames Barrier closes at 7pm.', { headline: 'Barrier closes' }))
    const button = page.getByRole('button', { name: '1 new update' })
    await button.waitFor()
    expect(await page.title()).toMatch(/^\(1\) /)
    expect(await page.locator('#update-atop-12').count()).toBe(0)
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
    expect(await page.getByRole('status', { name: 'Live blog announcements' }).textContent()).toBe('1 new update above.')
    expect(await axeViolations(page)).toEqual([])

    await button.click()
    await page.locator('#update-atop-12').waitFor()
    expect((await shownIds(page)).slice(0, 2)).toEqual(['update-atop-12', 'update-atop-11'])
    await page.waitForFunction(() => (document.getElementById('liveblog-updates-title')?.getBoundingClientRect().top ?? -9) > -2)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('liveblog-updates-title')
    expect(await page.title()).not.toMatch(/^\(/)
    expect(await button.count()).toBe(0)
  })

  it('shows edits, deletions, a new pin and the end of the blog on the open page, at 390 px', async () => {
    const page = await open('/article/edits', 390)
    await page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor()
    await writer().patch('edits-9').set({ body: body('Correction: the gust was 61mph, not 68mph.') }).commit()
    await page.locator('#update-edits-9').getByText('Correction: the gust was 61mph, not 68mph.').waitFor()
    await writer().delete('edits-8')
    await page.locator('#update-edits-8').waitFor({ state: 'detached' })
    await writer().patch('edits-3').set({ isPinned: true, headline: 'Where to find travel advice' }).commit()
    await page.getByRole('region', { name: 'Pinned' }).getByRole('heading', { name: 'Where to find travel advice' }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    await writer().patch('edits').set({ liveBlogEndedAt: new Date().toISOString() }).commit()
    await page.getByText(/^This live blog has ended\. Coverage ended/).waitFor()
    expect(await page.getByRole('status').filter({ hasText: /^(Live|Connecting…|Updating every 10 seconds)$/ }).count()).toBe(0)
    expect(await page.getByText('Live', { exact: true }).count()).toBe(0)
  })

  it('polls when the listen stream is unavailable, and still shows what is posted', async () => {
    const page = await suite.newPage({ viewport: { width: 1280, height: 800 } })
    // The network boundary is the one thing faked: the listen endpoint refuses.
    await page.route('**/data/listen/**', (route) => route.abort())
    await gotoApp(page, `${suite.service.url}/article/polled`)
    await page.getByRole('status').filter({ hasText: 'Updating every 10 seconds' }).waitFor()
    await writer().create(update('polled', 'polled-11', 0, 'Posted while the page polls.'))
    await page.locator('#update-polled-11').waitFor({ timeout: 15_000 })
    expect((await shownIds(page))[0]).toBe('update-polled-11')
  })
})
