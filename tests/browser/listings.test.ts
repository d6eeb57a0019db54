// Every listing page the header and footer link to, in Chromium, over the demo newspaper: each opens
// a real page (never the not-found page), pages through its articles, and passes an axe audit; paths
// no category or essay has are the not-found page.

import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { footerSections, mainSections, mediaLinks, topics, utilityLinks, type NavLink } from '../../src/content/layout/navigation.ts'
import { axeViolations } from '../support/axe.ts'
import { gotoApp } from '../support/browser.ts'
import { browserSuite } from '../support/suite.ts'

const suite = browserSuite({ env: { SEED: 'demo' } })
let context: BrowserContext
let page: Page

beforeEach(async () => {
  context = await suite.browser.newContext()
  page = await context.newPage()
})

afterEach(async () => {
  await context?.close()
})

/** Opens a path and waits for its h1 (with code splitting the page renders after the URL changes). */
async function open(path: string, heading: string | RegExp) {
  await gotoApp(page, `${suite.service.url}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

async function expectNoAxeViolations() {
  expect(await axeViolations(page)).toEqual([])
}

const cards = () => page.getByRole('main').getByRole('article')
const cardTitles = () => page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()

// The demo newspaper has no Puzzles or Magazines articles yet, and a new paper has no reads, so
// nothing is trending until readers come.
const emptyDesks = new Set(['/puzzles', '/magazines'])
const emptyTrending = '/trending'
const notMine = new Set(['/', '/about', '/contact', '/subscribe'])
const listingLinks: NavLink[] = [...mainSections, ...mediaLinks, ...utilityLinks, ...topics, ...footerSections, { label: 'Archive', to: '/archive' }].filter(
  (link) => !notMine.has(link.to),
)

describe('every listing linked from the header and footer', () => {
  it('opens with its heading and its articles, or says it has none yet', async () => {
    for (const link of listingLinks) {
      await open(link.to, link.label)
      expect(await page.getByText('Oops! Page not found').count(), link.to).toBe(0)
      if (emptyDesks.has(link.to)) {
        expect(await page.getByText(`No articles in ${link.label} yet.`).isVisible(), link.to).toBe(true)
        expect(await cards().count(), link.to).toBe(0)
      } else if (link.to === emptyTrending) {
        expect(await page.getByText('Nothing is trending right now.').isVisible(), link.to).toBe(true)
        expect(await cards().count(), link.to).toBe(0)
      } else {
        // Cards on most listings; the archive is a list of headlines.
        expect(await page.locator('main a[href^="/article/"], main a[href^="/photo-essays/"]').count(), link.to).toBeGreaterThan(0)
      }
      expect(await page.title(), link.to).toBe(`${link.label} | Resonance`)
    }
  })

  it('keeps static pages ahead of the section route', async () => {
    for (const path of ['/about', '/contact', '/search', '/subscribe']) {
      await gotoApp(page, `${suite.service.url}${path}`)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      expect(await page.getByText('Oops! Page not found').count(), path).toBe(0)
      expect(await page.getByText(/^No articles in /).count(), path).toBe(0)
    }
  })
})

describe('a section page', () => {
  it('shows its title, description and twelve cards, newest first, each linking to its article', async () => {
    await open('/uk', 'UK')
    expect(await page.getByText('News from London and across the United Kingdom.').isVisible()).toBe(true)
    expect(await page.locator('meta[name="description"][content="News from London and across the United Kingdom."]').count()).toBe(1)
    expect(await cards().count()).toBe(12)
    const first = cards().first()
    expect(await first.getByRole('link').first().getAttribute('href')).toMatch(/^\/article\/[a-z0-9-]+$/)
    expect(await first.getByText('UK', { exact: true }).count()).toBe(1)
    const dates = await page.locator('main article time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''))
    expect(dates).toHaveLength(12)
    expect([...dates].sort().reverse()).toEqual(dates)
    const images = page.locator('main article img')
    expect(await images.first().getAttribute('width')).toBe('600')
    expect(await images.first().getAttribute('height')).toBe('400')
    const loading = await images.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')))
    expect(loading.slice(0, 3)).toEqual(['eager', 'eager', 'eager'])
    expect(new Set(loading.slice(3))).toEqual(new Set(['lazy']))
    await expectNoAxeViolations()
  })

  it('moves to page 2 and back', async () => {
    await open('/news', 'News')
    await page.getByText('Page 1 of 3').waitFor()
    const firstPage = await cardTitles()
    await page.getByRole('navigation', { name: 'News pages' }).getByRole('link', { name: 'Next' }).click()
    await page.getByText('Page 2 of 3').waitFor()
    expect(new URL(page.url()).search).toBe('?page=2')
    expect(await page.title()).toBe('News, page 2 | Resonance')
    const secondPage = await cardTitles()
    expect(secondPage).toHaveLength(12)
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([])
    await page.getByRole('navigation', { name: 'News pages' }).getByRole('link', { name: 'Previous' }).click()
    await page.getByText('Page 1 of 3').waitFor()
    expect(new URL(page.url()).search).toBe('')
    expect(await cardTitles()).toEqual(firstPage)
    await page.getByRole('link', { name: 'Page 3' }).click()
    await page.getByText('Page 3 of 3').waitFor()
    // 31 News articles: seven on the last page.
    expect(await cards().count()).toBe(7)
  })

  it('offers page 1 from a page past the end', async () => {
    await open('/news?page=9', 'News')
    expect(await page.getByText('There is no page 9 of News.').isVisible()).toBe(true)
    expect(await cards().count()).toBe(0)
    await page.getByRole('link', { name: 'Go to page 1' }).click()
    await page.getByText('Page 1 of 3').waitFor()
    expect(await cards().count()).toBe(12)
  })

  it('reads a page number that is not one as the first page', async () => {
    for (const bad of ['banana', '0', '-2', '1.5']) {
      await open(`/news?page=${bad}`, 'News')
      await page.getByText('Page 1 of 3').waitFor()
      expect(await cards().count(), bad).toBe(12)
    }
  })

  it('says clearly when a category has no articles yet', async () => {
    await open('/puzzles', 'Puzzles')
    expect(await page.getByText('No articles in Puzzles yet.').isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Read the latest news' }).getAttribute('href')).toBe('/')
    await expectNoAxeViolations()
  })

  it('explains a failed load and loads again on Try again', async () => {
    let fail = true
    await page.route('**/data/query/**', (route) =>
      fail
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { description: 'The newsroom is offline' } }) })
        : route.continue(),
    )
    // Reader pages are documents the service renders, but an editor's preview is taken over by the
    // whole app for good (src/content/pages/wholeApp.ts): from there, World is the app's own move,
    // and the failure is the browser's, on the way to it.
    await gotoApp(page, `${suite.service.url}/about?preview`)
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('link', { name: 'World' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load this page:' })
    await alert.waitFor()
    expect(await alert.textContent()).toContain('The newsroom is offline')
    expect(await page.title()).toBe('Page unavailable | Resonance')
    fail = false
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('heading', { level: 1, name: 'World' }).waitFor()
    expect(await cards().count()).toBe(12)
  })
})

describe('a topic page', () => {
  it('lists the topic’s articles and passes axe', async () => {
    await open('/topic/news-politics', 'News & Politics')
    expect(await page.getByText('Topic', { exact: true }).isVisible()).toBe(true)
    expect(await cards().count()).toBe(12)
    await expectNoAxeViolations()
  })

  it('sends a topic at the top level and a section under /topic to their one address', async () => {
    await open('/sports', 'Sports')
    expect(new URL(page.url()).pathname).toBe('/topic/sports')
    await open('/topic/uk', 'UK')
    expect(new URL(page.url()).pathname).toBe('/uk')
  })
})

describe('the not-found page', () => {
  it('answers an unknown section, topic or photo essay', async () => {
    for (const path of ['/no-such-section', '/topic/nope', '/photo-essays/nope', '/topic']) {
      await open(path, /Oops! Page not found/)
      expect(await page.getByText('404', { exact: true }).isVisible(), path).toBe(true)
      expect(await page.title(), path).toBe('Page not found | Resonance')
    }
  })
})

describe('videos', () => {
  it('lists the video articles with a play overlay on each, under both names', async () => {
    for (const [path, title] of [
      ['/videos', 'Videos'],
      ['/video-journal', 'Video Journal'],
    ] as const) {
      await open(path, title)
      const count = await cards().count()
      expect(count, path).toBe(6)
      expect(await page.locator('main article').getByText('Video', { exact: true }).count(), path).toBe(count)
    }
    await open('/videos', 'Videos')
    await expectNoAxeViolations()
  })
})

describe('photo essays', () => {
  it('lists the essays with their first image, description and image count', async () => {
    await open('/photo-essays', 'Photo Essays')
    expect(await cards().count()).toBe(5)
    const essay = cards().filter({ hasText: 'Dawn on the Thames' })
    expect(await essay.getByText('4 photographs').isVisible()).toBe(true)
    expect(await essay.getByText('From Putney to the estuary, the river wakes up before the city does.').isVisible()).toBe(true)
    expect(await essay.getByRole('img').getAttribute('alt')).toBeTruthy()
    await expectNoAxeViolations()
  })

  it('opens an essay with every image, 800 wide, with alt text and captions', async () => {
    await open('/photo-essays', 'Photo Essays')
    await page.getByRole('link', { name: 'Dawn on the Thames' }).click()
    await page.getByRole('heading', { level: 1, name: 'Dawn on the Thames' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/photo-essays/dawn-on-the-thames')
    const images = page.locator('main figure img')
    expect(await images.count()).toBe(4)
    const attributes = await images.evaluateAll((imgs) => imgs.map((img) => ({ alt: img.getAttribute('alt'), width: img.getAttribute('width'), loading: img.getAttribute('loading') })))
    for (const image of attributes) {
      expect(image.alt?.length).toBeGreaterThan(0)
      expect(image.width).toBe('800')
    }
    expect(attributes.map((a) => a.loading)).toEqual(['eager', 'lazy', 'lazy', 'lazy'])
    expect(await page.getByText('Mist lifts off the water at Putney as the first rowing crews head out').isVisible()).toBe(true)
    expect(await page.title()).toBe('Dawn on the Thames | Resonance')
    await expectNoAxeViolations()
  })
})

describe('trending', () => {
  it('ranks twenty articles by their reads in the last day, most read first', async () => {
    // Counts as the read counter folds them in (server/audience/): by patch, as the render tier writes them.
    const admin = suite.service.client({ token: await suite.service.adminToken() })
    const ids = await admin.fetch<string[]>('*[_type == "article" && !(_id in path("drafts.**"))] | order(publishedAt desc)[0...22]._id')
    const counts = admin.transaction()
    for (const [i, id] of ids.entries()) counts.patch(id, (p) => p.set({ readCount: 1000 + 37 * i, readsLastDay: 101 + 37 * i }))
    await counts.commit()
    await open('/trending', 'Trending')
    expect(await cards().count()).toBe(20)
    const reads = await page.locator('main article').getByText(/K reads$/).allTextContents()
    expect(reads).toHaveLength(20)
    const values = reads.map((r) => Number.parseFloat(r))
    expect([...values].sort((a, b) => b - a)).toEqual(values)
    expect(values.at(-1)).toBeGreaterThanOrEqual(0.1)
    await expectNoAxeViolations()
  })
})

describe('the archive', () => {
  it('lists every article by month, fifty a page, and pages on', async () => {
    await open('/archive', 'Archive')
    const months = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()
    expect(months.length).toBeGreaterThan(0)
    for (const month of months) expect(month).toMatch(/^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/)
    expect(await page.locator('main a[href^="/article/"]').count()).toBe(50)
    await expectNoAxeViolations()
    await page.getByRole('navigation', { name: 'Archive pages' }).getByRole('link', { name: 'Next' }).click()
    await page.getByText('Page 2 of 2').waitFor()
    // The second page holds the rest of the demo newspaper's published articles, however many it has.
    const published = await suite.service.client({ token: suite.token }).fetch<number>('count(*[_type == "article" && !(_id in path("drafts.**"))])')
    expect(published).toBeGreaterThan(50)
    expect(await page.locator('main a[href^="/article/"]').count()).toBe(published - 50)
  })
})
