// The reader's themes in Chromium over the demo newspaper: the light theme, the dark theme a reader
// gets when their system asks for one (axe clean in both, on every kind of reader page, wide and
// narrow), and printing, which prints the article alone with its address.

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '../support/axe.ts'
import { gotoApp } from '../support/browser.ts'
import { browserSuite } from '../support/suite.ts'

const suite = browserSuite({ env: { SEED: 'demo' } })

type Scheme = 'light' | 'dark'

async function open(path: string, colorScheme: Scheme, width = 1280): Promise<Page> {
  const context = await suite.newContext({ viewport: { width, height: 900 }, colorScheme })
  const page = await context.newPage()
  await gotoApp(page, `${suite.service.url}${path}`)
  await page.locator('h1').first().waitFor()
  return page
}

/** The newest article that has a body, for the article page's checks. */
async function articleSlug(): Promise<string> {
  return suite.service.client().fetch<string>('*[_type == "article" && defined(body) && defined(slug.current)] | order(publishedAt desc)[0].slug.current')
}

const pages = ['/', '/uk', '/search?q=london', '/video-journal', '/photo-essays', '/about', '/contact', '/subscribe', '/no/such/page']

describe('the light and dark themes', () => {
  it("follows the system: dark paper and light ink when it asks for dark, the paper's own colours otherwise", async () => {
    const colours = async (page: Page) =>
      page.evaluate(() => {
        const body = getComputedStyle(document.body)
        const root = getComputedStyle(document.documentElement)
        return { text: body.color, page: root.backgroundColor, scheme: root.colorScheme }
      })
    expect(await colours(await open('/', 'light'))).toEqual({ text: 'rgb(17, 17, 17)', page: 'rgb(255, 255, 255)', scheme: 'light' })
    const dark = await open('/', 'dark')
    expect(await colours(dark)).toEqual({ text: 'rgb(235, 232, 226)', page: 'rgb(21, 20, 18)', scheme: 'dark' })

    // Not an inversion: the top bar and the footer are dark bands in both themes.
    const bandOf = (selector: string) => dark.locator(selector).evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(await bandOf('.page-header__top')).toBe('rgb(11, 10, 9)')
    expect(await bandOf('.page-footer')).toBe('rgb(11, 10, 9)')
  })

  it('keeps the admin in the light theme it is drawn in', async () => {
    const context = await suite.newContext({ colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto(`${suite.service.url}/admin/login`)
    await page.getByRole('button', { name: 'Sign In' }).waitFor()
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light')
    expect(await axeViolations(page)).toEqual([])
  })

  // The light theme at full width is audited page by page in the other browser tests (pages,
  // listings, article, homepage, layout); here it is audited narrow, and the dark theme at both.
  // Each page is loaded once, narrow and light, then switched to dark and widened as a reader's
  // system setting and window would change it: the stylesheet follows both without a reload.
  it('passes axe on every kind of reader page in the light theme at 390 px and the dark theme at 1280 and 390 px', { timeout: 240_000 }, async () => {
    const found: string[] = []
    for (const path of [...pages, `/article/${await articleSlug()}`]) {
      const page = await open(path, 'light', 390)
      // Wait for what loads after the page (search results, the live status) before the audits.
      await page.waitForLoadState('networkidle')
      for (const [scheme, width] of [
        ['light', 390],
        ['dark', 390],
        ['dark', 1280],
      ] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await page.setViewportSize({ width, height: 900 })
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), `${path} ${scheme}`).toBe(scheme)
        for (const violation of await axeViolations(page)) found.push(`${path} in ${scheme} at ${width}: ${violation}`)
      }
      await page.context().close()
    }
    expect(found).toEqual([])
  })

  it('passes axe in the dark theme with the search panel and the menu open', async () => {
    // The homepage is a document: its search and menu are <details>, opened by their summary.
    const toggle = (page: Page, text: string) => page.getByRole('banner').locator('summary').filter({ hasText: text })
    const wide = await open('/', 'dark')
    await toggle(wide, 'Search').click()
    await wide.getByRole('search', { name: 'Site search' }).waitFor()
    expect(await axeViolations(wide)).toEqual([])

    const narrow = await open('/', 'dark', 390)
    await toggle(narrow, 'Menu').click()
    await narrow.getByRole('navigation', { name: 'Menu' }).waitFor()
    expect(await axeViolations(narrow)).toEqual([])
  })
})

describe('printing', () => {
  it('prints the article alone, in black on white even from the dark theme, with its address', async () => {
    const slug = await articleSlug()
    for (const scheme of ['light', 'dark'] as const) {
      const page = await open(`/article/${slug}`, scheme)
      await page.emulateMedia({ media: 'print' })
      for (const landmark of [page.getByRole('banner'), page.getByRole('contentinfo')]) expect(await landmark.isVisible()).toBe(false)
      expect(await page.locator('nav:visible').count()).toBe(0)
      expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(false)
      expect(await page.getByRole('heading', { name: /More from/ }).isVisible()).toBe(false)

      expect(await page.getByRole('article').isVisible()).toBe(true)
      expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true)
      const address = page.getByText(/^Read online at/)
      expect(await address.isVisible()).toBe(true)
      expect(await address.innerText()).toBe(`Read online at ${suite.service.url}/article/${slug}`)
      expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(0, 0, 0)')
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(255, 255, 255)')

      // On screen the address is not shown: the address bar says it.
      await page.emulateMedia({ media: 'screen' })
      expect(await address.isVisible()).toBe(false)
      expect(await page.getByRole('banner').isVisible()).toBe(true)
    }
  })
})
