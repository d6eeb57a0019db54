// Reading with JavaScript off, in Chromium over the demo newspaper: the pages the service renders
// work as plain HTML. The header's menu and search are <details> the browser opens itself, the
// search is a GET form to /search, and the admin, which needs the app, says so.

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { mainSections, topics } from '../../src/content/layout/navigation.ts'
import type { SearchResultPage } from '../../src/content/search/search.ts'
import { axeViolations } from '../support/axe.ts'
import { browserSuite } from '../support/suite.ts'

const suite = browserSuite({ env: { SEED: 'demo' } })

async function openWithoutJavaScript(path: string, width: number): Promise<Page> {
  const context = await suite.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${suite.service.url}${path}`)
  return page
}

/** A header toggle without the app: a <summary>, which has no button role, found by its text. */
function toggle(page: Page, text: string) {
  return page.getByRole('banner').locator('summary').filter({ hasText: text })
}

/**
 * Axe's findings on a page as a browser without JavaScript shows it. Axe itself is a script, which a
 * context with JavaScript off cannot run, so the page is opened with JavaScript on but as the
 * browser without it would build it: none of the app's scripts load, and <noscript> content is
 * markup. `open` then opens the page's <details> by their summary's text, as the reader would.
 */
async function axeWithoutJavaScript(path: string, width: number, open: string[] = []): Promise<string[]> {
  const context = await suite.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.route('**/*', async (route) => {
    const request = route.request()
    if (request.resourceType() === 'script') return route.abort()
    if (request.resourceType() !== 'document') return route.continue()
    const response = await route.fetch()
    const html = (await response.text()).replace(/<\/?noscript>/g, '')
    return route.fulfill({ response, body: html })
  })
  await page.goto(`${suite.service.url}${path}`)
  for (const text of open) await page.locator('summary').filter({ hasText: text }).evaluate((summary) => summary.parentElement!.setAttribute('open', ''))
  return axeViolations(page)
}

describe('reading without JavaScript', () => {
  it('opens the menu on a phone, lists the sections and topics, and its links lead to them', async () => {
    const page = await openWithoutJavaScript('/', 390)
    const menu = page.getByRole('navigation', { name: 'Menu' })
    expect(await menu.isVisible()).toBe(false)
    expect(await toggle(page, 'Menu').isVisible()).toBe(true)

    await toggle(page, 'Menu').click()
    expect(await menu.isVisible()).toBe(true)
    expect(await menu.getByRole('heading').allTextContents()).toEqual(['Main Sections', 'Topics'])
    const links = await menu.getByRole('link').evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute('href')]))
    expect(links).toEqual([...mainSections, ...topics].map((link) => [link.label, link.to]))
    expect(await axeWithoutJavaScript('/', 390, ['Menu'])).toEqual([])

    await menu.getByRole('link', { name: 'UK' }).click()
    await page.getByRole('heading', { level: 1, name: 'UK' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/uk')
    // A new page: the menu is closed again.
    expect(await page.getByRole('navigation', { name: 'Menu' }).isVisible()).toBe(false)
  })

  it('searches from the header: the form goes to /search?q=… and the results are on the page', async () => {
    const response = await fetch(`${suite.service.url}/v2023-05-03/search/${suite.service.config.dataset}?q=Thames`)
    const expected = ((await response.json()) as { result: SearchResultPage }).result
    expect(expected.total).toBeGreaterThan(0)

    for (const width of [390, 1280]) {
      const page = await openWithoutJavaScript('/', width)
      const form = page.getByRole('search', { name: 'Site search' })
      expect(await form.isVisible()).toBe(false)
      await toggle(page, 'Search').click()
      expect(await form.isVisible()).toBe(true)
      expect(await form.getByRole('searchbox').getAttribute('placeholder')).toBe('Search Resonance...')
      await form.getByRole('searchbox').fill('Thames')
      await form.getByRole('button', { name: 'Search' }).click()
      await page.waitForURL((url) => url.pathname === '/search')
      expect(new URL(page.url()).searchParams.get('q')).toBe('Thames')
      await page.getByText(`${expected.total} result${expected.total === 1 ? '' : 's'} for “Thames”`).waitFor()
      expect(await page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }).first().innerText()).toBe(expected.hits[0]!.title.map((part) => part.text).join(''))
    }
  })

  it('narrows a search to a section with the search page\'s own form, the searched words marked', async () => {
    const response = await fetch(`${suite.service.url}/v2023-05-03/search/${suite.service.config.dataset}?q=Thames&section=uk`)
    const expected = ((await response.json()) as { result: SearchResultPage }).result
    expect(expected.total).toBeGreaterThan(0)
    const page = await openWithoutJavaScript('/search?q=Thames', 1280)
    const form = page.getByRole('search', { name: 'Search articles' })
    await form.getByRole('combobox', { name: 'Section' }).selectOption({ label: 'UK' })
    await form.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL((url) => url.searchParams.get('section') === 'uk')
    // The form sent its empty dates too; the server sent the reader on to the search's one address.
    expect(new URL(page.url()).search).toBe('?q=Thames&section=uk')
    await page.getByText(`${expected.total} result${expected.total === 1 ? '' : 's'} for “Thames”`).waitFor()
    expect(await form.getByRole('combobox', { name: 'Section' }).inputValue()).toBe('uk')
    const first = page.getByRole('main').getByRole('listitem').first()
    expect(await first.locator('mark').first().innerText()).toMatch(/^thames$/i)
  })

  it('shows every section in the header on a wide screen, where there is no menu', async () => {
    const page = await openWithoutJavaScript('/', 1280)
    expect(await toggle(page, 'Menu').isVisible()).toBe(false)
    expect(await page.getByRole('navigation', { name: 'Main sections' }).getByRole('link').count()).toBe(mainSections.length)
    expect(await axeWithoutJavaScript('/', 1280, ['Search'])).toEqual([])
  })

  it('says on /admin that the admin needs JavaScript, instead of a blank page', async () => {
    for (const path of ['/admin', '/admin/login', '/admin/articles']) {
      const page = await openWithoutJavaScript(path, 1280)
      expect(await page.getByRole('heading', { level: 1 }).innerText(), path).toBe('The admin needs JavaScript')
      expect(await page.getByRole('main').innerText()).toContain('Turn JavaScript on for this site, then reload the page.')
      expect(await page.getByRole('link', { name: 'Read the newspaper' }).getAttribute('href')).toBe('/')
      expect(await axeWithoutJavaScript(path, 1280)).toEqual([])
    }
    // With JavaScript the notice is never shown: the sign-in form is.
    const context = await suite.newContext()
    const page = await context.newPage()
    await page.goto(`${suite.service.url}/admin/login`)
    await page.getByRole('button', { name: 'Sign In' }).waitFor()
    expect(await page.getByText('The admin needs JavaScript').count()).toBe(0)
  })
})
