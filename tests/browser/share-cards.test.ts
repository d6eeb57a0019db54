// Link previews and search engines, against the real service: the head of each kind of page as the
// service sends it (read by Chromium with JavaScript off, as a crawler reads it) has its canonical
// address, the card tags a preview reads and a 1200x630 picture that answers; articles and the
// homepage carry structured data with every required property; and after the app moves to another
// page, the head is that page's. Drafts never reach a head, and no content can end its script.

import { request } from 'node:http'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { previewTags } from '../../src/content/meta/cards.testing.ts'
import { structuredDataProblems } from '../../src/content/meta/structuredData.testing.ts'
import { minutesAgo } from '../support/articles.ts'
import { gotoApp } from '../support/browser.ts'
import { browserSuite } from '../support/suite.ts'

const ref = (id: string, key?: string) => ({ _type: 'reference' as const, _ref: id, ...(key ? { _key: key } : {}) })
const hostile = 'Mayor says </script><script>window.injected = true</script> & "no"'

const suite = browserSuite({
  adminToken: true,
  viewport: { width: 1280, height: 900 },
  seed: async ({ service, token }) => {
    const admin = service.client({ token })
    const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#335577' } }).jpeg().toBuffer()
    const lead = await admin.assets.upload('image', picture, { filename: 'barrier.jpg' })
    await admin
      .transaction()
      .create({ _id: 'cat-uk', _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section', description: 'News from across the UK.' })
      .create({ _id: 'author-priya', _type: 'author', name: 'Priya Raman', slug: { _type: 'slug', current: 'priya-raman' } })
      .create({
        _id: 'barrier',
        _type: 'article',
        title: 'Thames Barrier closes twice in a week',
        slug: { _type: 'slug', current: 'thames-barrier' },
        publishedAt: minutesAgo(30),
        excerpt: 'Spring tides meet a storm surge.',
        isLeadStory: true,
        mainImage: { _type: 'image', asset: ref(lead._id), alt: 'The barrier gates raised at dusk' },
        author: ref('author-priya'),
        categories: [ref('cat-uk', 'c1')],
      })
      .create({ _id: 'hostile', _type: 'article', title: hostile, slug: { _type: 'slug', current: 'hostile' }, publishedAt: minutesAgo(40), isLatestUpdate: true })
      // An unpublished rewrite of the article: readers, and so its head, see only the published one.
      .create({ _id: 'drafts.barrier', _type: 'article', title: 'DRAFT headline nobody may see', slug: { _type: 'slug', current: 'thames-barrier' }, publishedAt: minutesAgo(30), excerpt: 'DRAFT excerpt.' })
      .commit()
  },
})

interface HeadReading {
  /** Each meta tag's content by property or name, `title`, and `canonical`. */
  tags: Record<string, string>
  /** How many of each tag there are: every one should be there once. */
  counts: Record<string, number>
  jsonLd: unknown[]
}

/** What the head of the page on screen says, read from the DOM. */
async function readHead(page: Page): Promise<HeadReading> {
  return page.evaluate(() => {
    const tags: Record<string, string> = { title: document.title }
    const counts: Record<string, number> = {}
    for (const meta of document.head.querySelectorAll('meta[property], meta[name]')) {
      const key = meta.getAttribute('property') ?? meta.getAttribute('name')!
      tags[key] = meta.getAttribute('content') ?? ''
      counts[key] = (counts[key] ?? 0) + 1
    }
    const canonical = document.head.querySelectorAll('link[rel="canonical"]')
    counts.canonical = canonical.length
    if (canonical[0]) tags.canonical = canonical[0].getAttribute('href') ?? ''
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? 'null') as unknown)
    return { tags, counts, jsonLd }
  })
}

/** The page as the service sends it, read by a browser that runs no script (as a link preview's crawler). */
async function sentHead(path: string): Promise<HeadReading> {
  const page = await suite.newPage({ javaScriptEnabled: false })
  const response = await page.goto(`${suite.service.url}${path}`)
  expect(response?.status(), path).toBe(200)
  const head = await readHead(page)
  await page.close()
  return head
}

/** The image at `url` answers 200 with an image of `width` x `height`. */
async function expectImage(url: string, width: number, height: number, format: string): Promise<void> {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
  expect([meta.width, meta.height, meta.format], url).toEqual([width, height, format])
}

function expectCard(head: HeadReading, path: string): void {
  const url = `${suite.service.url}${path}`
  for (const tag of previewTags) expect(head.tags[tag], tag).toBeTruthy()
  for (const [tag, count] of Object.entries(head.counts)) expect(count, tag).toBe(1)
  expect(head.tags.canonical).toBe(url)
  expect(head.tags['og:url']).toBe(url)
  expect(head.tags['og:site_name']).toBe('Resonance')
  expect(head.tags['twitter:card']).toBe('summary_large_image')
  expect(head.tags['og:image:width']).toBe('1200')
  expect(head.tags['og:image:height']).toBe('630')
  expect(head.tags['twitter:image']).toBe(head.tags['og:image'])
}

describe('the head each page is sent with', () => {
  it("homepage: the paper's card, its Organization with a raster logo, and its WebSite with the search box", async () => {
    const head = await sentHead('/')
    expectCard(head, '/')
    expect(head.tags['og:type']).toBe('website')
    expect(head.tags.title).toBe('Resonance | London Edition')
    await expectImage(head.tags['og:image']!, 1200, 630, 'png')
    const [organization, website] = head.jsonLd as Array<Record<string, unknown> & { logo: { url: string } }>
    expect(head.jsonLd).toHaveLength(2)
    expect(structuredDataProblems(organization)).toEqual([])
    expect(structuredDataProblems(website)).toEqual([])
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'Resonance', url: `${suite.service.url}/` })
    await expectImage(organization!.logo.url, 512, 512, 'png')
    expect(website).toMatchObject({ '@type': 'WebSite', potentialAction: { target: { urlTemplate: `${suite.service.url}/search?q={search_term_string}` } } })
    // The search box's address is the search page's own, with results.
    const search = await suite.newPage()
    await gotoApp(search, `${suite.service.url}/search?q=barrier`)
    await search.getByRole('link', { name: 'Thames Barrier closes twice in a week' }).waitFor()
  })

  it("article: its own card with a 1200x630 crop of its picture, its dates and section, and a complete NewsArticle", async () => {
    const head = await sentHead('/article/thames-barrier')
    expectCard(head, '/article/thames-barrier')
    expect(head.tags).toMatchObject({
      title: 'Thames Barrier closes twice in a week | Resonance',
      description: 'Spring tides meet a storm surge.',
      'og:type': 'article',
      'og:title': 'Thames Barrier closes twice in a week',
      'og:description': 'Spring tides meet a storm surge.',
      'og:image:type': 'image/jpeg',
      'og:image:alt': 'The barrier gates raised at dusk',
      'article:section': 'UK',
      'article:author': `${suite.service.url}/author/priya-raman`,
    })
    expect(new Date(head.tags['article:published_time']!).getTime()).toBeGreaterThan(Date.now() - 3_600_000)
    await expectImage(head.tags['og:image']!, 1200, 630, 'jpeg')

    expect(head.jsonLd).toHaveLength(1)
    const article = head.jsonLd[0] as Record<string, unknown> & { image: string[]; author: { url: string }; publisher: { logo: { url: string } } }
    expect(structuredDataProblems(article)).toEqual([])
    expect(article).toMatchObject({ '@type': 'NewsArticle', headline: 'Thames Barrier closes twice in a week', author: { '@type': 'Person', name: 'Priya Raman' } })
    const shapes = [
      [1200, 675],
      [1200, 900],
      [1200, 1200],
    ]
    for (const [i, url] of article.image.entries()) await expectImage(url, shapes[i]![0]!, shapes[i]![1]!, 'jpeg')
    await expectImage(article.publisher.logo.url, 512, 512, 'png')
    // The author's address is their page.
    expect((await fetch(article.author.url)).status).toBe(200)
  })

  it('section: its own address and description, on the paper’s card', async () => {
    const head = await sentHead('/uk')
    expectCard(head, '/uk')
    expect(head.tags).toMatchObject({ title: 'UK | Resonance', 'og:title': 'UK', 'og:type': 'website', 'og:description': 'News from across the UK.' })
    await expectImage(head.tags['og:image']!, 1200, 630, 'png')
    expect(head.jsonLd).toEqual([])
  })

  it("author: a profile card at the author's page, and a ProfilePage about them", async () => {
    const head = await sentHead('/author/priya-raman')
    expectCard(head, '/author/priya-raman')
    expect(head.tags).toMatchObject({ title: 'Priya Raman | Resonance', 'og:type': 'profile', 'og:title': 'Priya Raman' })
    expect(head.jsonLd).toHaveLength(1)
    expect(structuredDataProblems(head.jsonLd[0])).toEqual([])
    expect(head.jsonLd[0]).toMatchObject({ '@type': 'ProfilePage', mainEntity: { '@type': 'Person', name: 'Priya Raman', url: `${suite.service.url}/author/priya-raman` } })
  })

  it('a static page: its own address and card', async () => {
    const head = await sentHead('/about')
    expectCard(head, '/about')
    expect(head.tags).toMatchObject({ title: 'About Us | Resonance', 'og:title': 'About Us', 'og:type': 'website' })
  })

  it('never shows a draft in a head: the article’s is its published version', async () => {
    const head = await sentHead('/article/thames-barrier')
    expect(JSON.stringify(head)).not.toContain('DRAFT')
  })

  it('writes a title with markup into the structured data as text that ends no element', async () => {
    const body = await (await fetch(`${suite.service.url}/article/hostile`)).text()
    const scripts = [...body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
    expect(scripts).toHaveLength(1)
    expect(scripts[0]).not.toMatch(/[<>]/)
    expect((JSON.parse(scripts[0]!) as { headline: string }).headline).toBe(hostile)
    expect(body).not.toContain('<script>window.injected')
    const head = await sentHead('/article/hostile')
    expect(head.tags['og:title']).toBe(hostile)
  })
})

/** GET `path` with a Host header of our choosing (fetch cannot set one). */
function getWithHost(path: string, host: string): Promise<string> {
  const { port } = new URL(suite.service.url)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve(body))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the address the cards use', () => {
  const ogUrl = (body: string) => /<meta property="og:url" content="([^"]*)"/.exec(body)?.[1]

  it('is the origin the page was asked for, kept apart per origin, so one reader’s Host never reaches another', async () => {
    expect(ogUrl(await getWithHost('/about', 'news.example:8080'))).toBe('http://news.example:8080/about')
    expect(ogUrl(await (await fetch(`${suite.service.url}/about`)).text())).toBe(`${suite.service.url}/about`)
  })

  it('is never a forged host that is no address', async () => {
    const body = await getWithHost('/about', 'evil.example"><script>x()</script>')
    expect(body).not.toContain('<script>x()')
    expect(ogUrl(body)).toBe('http://localhost/about')
  })
})

describe('in the browser', () => {
  it('keeps the head the server sent when the app takes the page over, and changes it with each page the reader moves to', async () => {
    const page = await suite.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('RULE VIOLATION')) problems.push(message.text())
    })
    // Sent with its card by the service (not left to the browser), then taken over.
    const sent = await gotoApp(page, `${suite.service.url}/`)
    expect(await sent?.text()).toContain('<meta property="og:url"')
    const home = await readHead(page)
    expectCard(home, '/')
    expect(home.jsonLd.map((ld) => (ld as { '@type': string })['@type'])).toEqual(['Organization', 'WebSite'])

    await page.getByRole('region', { name: 'Lead Story' }).getByRole('link').first().click()
    await page.getByRole('heading', { level: 1, name: 'Thames Barrier closes twice in a week' }).waitFor()
    await page.waitForFunction(() => document.querySelector('meta[property="og:type"]')?.getAttribute('content') === 'article')
    const article = await readHead(page)
    expectCard(article, '/article/thames-barrier')
    expect(article.tags['og:title']).toBe('Thames Barrier closes twice in a week')
    expect(article.jsonLd.map((ld) => (ld as { '@type': string })['@type'])).toEqual(['NewsArticle'])
    // The head the app builds is the one the service sends for the same page.
    const sentArticle = await sentHead('/article/thames-barrier')
    expect(article.tags).toEqual(sentArticle.tags)
    expect(article.jsonLd).toEqual(sentArticle.jsonLd)

    await page.getByRole('link', { name: 'UK', exact: true }).first().click()
    await page.getByRole('heading', { level: 1, name: 'UK' }).waitFor()
    await page.waitForFunction(() => document.querySelector('link[rel="canonical"]')?.getAttribute('href')?.endsWith('/uk') === true)
    const section = await readHead(page)
    expectCard(section, '/uk')
    expect(section.tags['og:type']).toBe('website')
    expect(section.tags).not.toHaveProperty('article:published_time')
    expect(section.jsonLd).toEqual([])
    expect(problems).toEqual([])
  })
})
