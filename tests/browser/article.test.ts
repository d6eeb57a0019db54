// The article page in Chromium against a real content service: a slug that fails the check never
// reaches the service, a missing article says so, a failing service shows its error, and an article
// written here shows every part of itself (headings, quote, safe and unsafe links, images at their
// sizes, byline, categories, "More from") with no layout shift and no axe violations.

import { resolve } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoApp } from '../support/browser.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'

const ref = (id: string, key?: string) => ({ _type: 'reference' as const, _ref: id, ...(key ? { _key: key } : {}) })
const span = (key: string, text: string, marks: string[] = []) => ({ _type: 'span', _key: key, text, marks })
const block = (key: string, style: string, children: ReturnType<typeof span>[], extra: Record<string, unknown> = {}) => ({
  _type: 'block',
  _key: key,
  style,
  markDefs: [],
  children,
  ...extra,
})

async function picture(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer()
}

const title = 'Thames Barrier closes twice in a week as spring tides meet storm surge'
const excerpt = '<p>Engineers say the <b>barrier</b> may close again on Sunday &amp; warn riverside residents.</p>'

// Images must be uploaded before the documents that show them, so a seed function, not a list.
const suite = browserSuite({
  adminToken: true,
  seed: async ({ service, token }) => {
    const admin = service.client({ token })
    const [lead, inline, portrait] = await Promise.all([
      admin.assets.upload('image', await picture(1600, 900, '#335577'), { filename: 'lead.jpg' }),
      admin.assets.upload('image', await picture(1600, 900, '#775533'), { filename: 'inline.jpg' }),
      admin.assets.upload('image', await picture(400, 400, '#557733'), { filename: 'portrait.jpg' }),
    ])
    const tx = admin
      .transaction()
      .create({ _id: 'cat-uk', _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' })
      .create({ _id: 'cat-events', _type: 'category', title: 'Events', slug: { _type: 'slug', current: 'events' }, kind: 'topic' })
      .create({ _id: 'cat-podcasts', _type: 'category', title: 'Podcasts', slug: { _type: 'slug', current: 'podcasts' }, kind: 'desk' })
      .create({ _id: 'author-priya', _type: 'author', name: 'Priya Raman', slug: { _type: 'slug', current: 'priya-raman' }, image: { _type: 'image', asset: ref(portrait._id), alt: 'Portrait of Priya Raman' } })
      .create({ _id: 'author-felix', _type: 'author', name: 'Felix Armitage', slug: { _type: 'slug', current: 'felix-armitage' } })
      .create({
        _id: 'a-full',
        _type: 'article',
        title,
        slug: { _type: 'slug', current: 'thames-barrier' },
        publishedAt: '2026-11-20T12:00:00Z',
        excerpt,
        mediaType: 'article',
        mainImage: { _type: 'image', asset: ref(lead._id), alt: 'The barrier gates raised at dusk' },
        author: ref('author-priya'),
        categories: [ref('cat-uk', 'c1'), ref('cat-events', 'c2'), ref('cat-podcasts', 'c3')],
        body: [
          block('h1', 'h1', [span('s1', 'How the barrier works')]),
          block('p1', 'normal', [span('s2', 'It closed '), span('s3', 'twice', ['strong']), span('s4', ' and '), span('s5', 'once more', ['em']), span('s6', ' is likely. '), span('s7', 'Environment Agency', ['ea']), span('s8', ' or '), span('s9', 'write to us', ['mail'])], {
            markDefs: [
              { _type: 'link', _key: 'ea', href: 'https://www.gov.uk/government/organisations/environment-agency' },
              { _type: 'link', _key: 'mail', href: 'mailto:news@resonance.example' },
            ],
          }),
          block('p2', 'normal', [span('s10', 'A script address stays words: '), span('s11', 'do not follow', ['evil'])], {
            markDefs: [{ _type: 'link', _key: 'evil', href: 'javascript:alert(document.cookie)' }],
          }),
          block('h2', 'h2', [span('s12', 'What the engineers say')]),
          block('q', 'blockquote', [span('s13', 'We have closed it more often this winter than in the whole of the 1990s.')]),
          block('h3', 'h3', [span('s14', 'Closures by season')]),
          block('l1', 'normal', [span('s15', 'Autumn tides')], { listItem: 'bullet', level: 1 }),
          block('l2', 'normal', [span('s16', 'Storm surges')], { listItem: 'bullet', level: 1 }),
          block('n1', 'normal', [span('s17', 'Check the schedule')], { listItem: 'number', level: 1 }),
          { _type: 'image', _key: 'img', asset: ref(inline._id), alt: 'Water pouring over the barrier sill', caption: 'Woolwich, 6am' },
          { _type: 'htmlEmbed', _key: 'raw', html: '<p id="injected">injected</p>' },
          block('p3', 'normal', [span('s18', 'The barrier will be tested again on Sunday.')]),
        ],
      })
      .create({
        _id: 'a-staff',
        _type: 'article',
        title: 'Agency brief: marathon road closures confirmed',
        slug: { _type: 'slug', current: 'marathon-closures' },
        publishedAt: '2026-11-19T08:00:00Z',
        mediaType: 'video',
        videoUrl: 'https://media.resonance.example/video/marathon.mp4',
        categories: [ref('cat-events', 'c1')],
      })
      .create({
        _id: 'a-felix',
        _type: 'article',
        title: 'Walking the Thames Path from source to sea',
        slug: { _type: 'slug', current: 'thames-path' },
        publishedAt: '2026-11-18T08:00:00Z',
        author: ref('author-felix'),
      })
    // Five more in the first category: the list shows the four newest.
    for (let n = 1; n <= 5; n++) {
      tx.create({
        _id: `uk-${n}`,
        _type: 'article',
        title: `UK story ${n}`,
        slug: { _type: 'slug', current: `uk-story-${n}` },
        publishedAt: `2026-11-1${n}T09:00:00Z`,
        mainImage: { _type: 'image', asset: ref(inline._id), alt: '' },
        categories: [ref('cat-uk', 'c1')],
      })
    }
    await tx.commit()
  },
})

/** A fresh page that records every request to the content service's query endpoint. */
async function openPage(width = 1280): Promise<{ context: BrowserContext; page: Page; queries: string[] }> {
  const context = await suite.browser.newContext({ viewport: { width, height: 800 } })
  // Adds up layout shifts from the first paint on (what CLS counts), for the no-shift check.
  await context.addInitScript(() => {
    const w = window as unknown as { layoutShift: number }
    w.layoutShift = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  const page = await context.newPage()
  const queries: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/data/query/')) queries.push(request.url())
  })
  return { context, page, queries }
}


describe('the article page', () => {
  it('refuses an invalid slug in red, without asking the content service anything', async () => {
    const { context, page, queries } = await openPage()
    // A space is one of the characters the identifier check refuses. (A dot is too, but the service
    // answers paths with a file extension itself, before the app loads.)
    await gotoApp(page, `${suite.service.url}/article/not%20a%20slug`)
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe('Invalid article slug.')
    expect(await alert.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(176, 0, 32)')
    await page.waitForLoadState('networkidle')
    expect(queries).toEqual([])
    expect(await page.title()).toBe('Invalid article slug | Resonance')
    await context.close()
  })

  it('says an article is not found, leads home, and passes axe', async () => {
    const { context, page, queries } = await openPage()
    const response = await gotoApp(page, `${suite.service.url}/article/no-such-story`)
    expect(response?.status()).toBe(404)
    await page.getByRole('heading', { level: 1, name: 'Article not found.' }).waitFor()
    expect(await page.getByRole('main').getByRole('link', { name: 'Return to the front page' }).getAttribute('href')).toBe('/')
    expect(await page.title()).toBe('Article not found | Resonance')
    // The service rendered the page (it asked its own engine); the browser needed no query.
    await page.waitForLoadState('networkidle')
    expect(queries).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })

  it('shows a full article with every part in place and passes axe', async () => {
    const { context, page, queries } = await openPage()
    await gotoApp(page, `${suite.service.url}/article/thames-barrier`)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    const main = page.getByRole('main')

    expect(await page.title()).toBe(`${title} | Resonance`)
    expect(await page.locator('meta[name="description"]').last().getAttribute('content')).toBe('Engineers say the barrier may close again on Sunday & warn riverside residents.')

    const categories = main.getByRole('list', { name: 'Categories' }).getByRole('link')
    expect(await categories.evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['UK', '/uk'],
      ['Events', '/topic/events'],
      ['Podcasts', '/podcasts'],
    ])
    expect(await main.getByText(/^By /).first().textContent()).toBe('By Priya Raman')
    expect(await main.locator('.byline time').getAttribute('datetime')).toBe('2026-11-20T12:00:00Z')
    expect(await main.locator('.byline time').textContent()).toBe('Friday 20 November 2026')

    // The editor's headings sit below the page title: one h1 on the page.
    expect(await main.getByRole('heading', { level: 1 }).count()).toBe(1)
    expect(await main.getByRole('heading', { level: 2, name: 'How the barrier works' }).count()).toBe(1)
    expect(await main.getByRole('heading', { level: 3, name: 'What the engineers say' }).count()).toBe(1)
    expect(await main.getByRole('heading', { level: 4, name: 'Closures by season' }).count()).toBe(1)
    expect(await main.locator('blockquote').textContent()).toBe('We have closed it more often this winter than in the whole of the 1990s.')
    expect(await main.locator('.pt-body ul li').allTextContents()).toEqual(['Autumn tides', 'Storm surges'])
    expect(await main.locator('.pt-body ol li').allTextContents()).toEqual(['Check the schedule'])
    expect(await main.locator('.pt-body strong').textContent()).toBe('twice')

    for (const [name, href] of [
      ['Environment Agency', 'https://www.gov.uk/government/organisations/environment-agency'],
      ['write to us', 'mailto:news@resonance.example'],
    ] as const) {
      const link = main.getByRole('link', { name: new RegExp(`^${name}`) })
      expect(await link.getAttribute('href')).toBe(href)
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    }
    expect(await main.getByText('do not follow').evaluate((el) => el.closest('a'))).toBeNull()
    expect(await page.locator('a[href^="javascript"]').count()).toBe(0)
    expect(await page.locator('#injected').count()).toBe(0)
    expect(await main.textContent()).not.toContain('injected')

    const lead = main.getByRole('img', { name: 'The barrier gates raised at dusk' })
    expect([await lead.getAttribute('width'), await lead.getAttribute('height'), await lead.getAttribute('loading')]).toEqual(['1200', '675', 'eager'])

    const inline = main.getByRole('img', { name: 'Water pouring over the barrier sill' })
    expect([await inline.getAttribute('width'), await inline.getAttribute('loading')]).toEqual(['800', 'lazy'])
    await inline.scrollIntoViewIfNeeded()
    await inline.evaluate((img: HTMLImageElement) => img.decode())
    expect((await inline.boundingBox())?.width).toBe(800)
    expect(await main.getByText('Woolwich, 6am').evaluate((el) => el.tagName)).toBe('FIGCAPTION')

    const avatar = main.locator('.byline img')
    expect([await avatar.getAttribute('width'), await avatar.getAttribute('height')]).toEqual(['40', '40'])
    await avatar.evaluate((img: HTMLImageElement) => img.decode())
    const box = await avatar.boundingBox()
    expect([box?.width, box?.height]).toEqual([40, 40])

    // More from the first category: the four newest others, newest first.
    const moreFrom = main.getByRole('region', { name: 'More from UK' })
    await moreFrom.getByRole('listitem').first().waitFor()
    const more = moreFrom.getByRole('list').getByRole('link')
    expect(await more.evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['UK story 5', '/article/uk-story-5'],
      ['UK story 4', '/article/uk-story-4'],
      ['UK story 3', '/article/uk-story-3'],
      ['UK story 2', '/article/uk-story-2'],
    ])
    // The page arrived rendered with the article and the four, so the browser asked for nothing.
    expect(queries).toEqual([])

    // No layout shift: every picture reserves its box before it arrives, and nothing moved.
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))))
    expect(await main.locator('img').evaluateAll((imgs) => imgs.filter((img) => !img.getAttribute('width') || !img.getAttribute('height')).length)).toBe(0)
    const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)
    expect(shift).toBeLessThan(0.01)

    expect(await axeViolations(page)).toEqual([])

    await more.first().click()
    await page.getByRole('heading', { level: 1, name: 'UK story 5' }).waitFor()
    await context.close()
  })

  it('says Staff when there is no author, and tags and links a video report', async () => {
    const { context, page } = await openPage(390)
    await gotoApp(page, `${suite.service.url}/article/marathon-closures`)
    await page.getByRole('heading', { level: 1, name: 'Agency brief: marathon road closures confirmed' }).waitFor()
    const main = page.getByRole('main')
    expect(await main.locator('.byline__author').textContent()).toBe('Staff')
    expect(await main.locator('.byline img').count()).toBe(0)
    expect(await main.locator('.byline svg').count()).toBe(1)
    expect(await main.getByText('Video Report', { exact: true }).isVisible()).toBe(true)
    expect(await main.getByRole('link', { name: /Watch the video report/ }).getAttribute('href')).toBe('https://media.resonance.example/video/marathon.mp4')
    await context.close()
  })

  it('shows an icon for an author without a portrait', async () => {
    const { context, page } = await openPage()
    await gotoApp(page, `${suite.service.url}/article/thames-path`)
    await page.getByRole('heading', { level: 1, name: 'Walking the Thames Path from source to sea' }).waitFor()
    const main = page.getByRole('main')
    expect(await main.locator('.byline__author').textContent()).toBe('By Felix Armitage')
    expect(await main.locator('.byline svg').getAttribute('width')).toBe('40')
    expect(await main.locator('.byline img').count()).toBe(0)
    await context.close()
  })
})

describe('the article page when the content service fails', () => {
  // A real service that refuses the request: it holds only a dataset called "archive", so the app's
  // query for "production" gets the service's own 404 (not retried, unlike 5xx and network errors).
  // No interception, no stopped process racing the page load.
  let refusing: TestService

  beforeAll(async () => {
    refusing = await startTestService({ STATIC_DIR: resolve('dist'), DATASET: 'archive' })
  })

  afterAll(async () => {
    await refusing?.stop()
  })

  it('shows the error message and offers another try', async () => {
    const { context, page } = await openPage()
    await gotoApp(page, `${refusing.url}/article/thames-barrier`)
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe('Error loading article: Dataset "production" not found')
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true)
    expect(await page.title()).toBe('Error loading article | Resonance')
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})
