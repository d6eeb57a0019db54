// Reader pages as the content service sends them: rendered HTML with the right status, title and
// data, readable with JavaScript off, taken over by the app without a mismatch, and safe whatever
// the content says. The admin area is not rendered on the server.

import type { ConsoleMessage } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { pageDataElementId } from '../../shared/pageData.ts'
import { minutesAgo } from '../support/articles.ts'
import { gotoApp } from '../support/browser.ts'
import { browserSuite } from '../support/suite.ts'

const hostile = 'Mayor says </script><script>window.injected = true</script> & "no"'

const dataset: Array<{ _id: string; _type: string } & Record<string, unknown>> = [
  { _id: 'cat-uk', _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' },
  { _id: 'cat-sports', _type: 'category', title: 'Sports', slug: { _type: 'slug', current: 'sports' }, kind: 'topic' },
  {
    _id: 'lead',
    _type: 'article',
    title: 'Bridge reopens after a year of repairs',
    slug: { _type: 'slug', current: 'bridge-reopens' },
    publishedAt: minutesAgo(30),
    excerpt: 'Traffic returns to the crossing on Monday.',
    isLeadStory: true,
    categories: [{ _type: 'reference', _ref: 'cat-uk', _key: 'a' }],
  },
  {
    _id: 'hostile',
    _type: 'article',
    title: hostile,
    slug: { _type: 'slug', current: 'hostile' },
    publishedAt: minutesAgo(40),
    isLatestUpdate: true,
    categories: [{ _type: 'reference', _ref: 'cat-uk', _key: 'a' }],
  },
]

async function html(path: string, init: RequestInit = {}): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(`${suite.service.url}${path}`, { redirect: 'manual', ...init })
  return { status: res.status, body: await res.text(), headers: res.headers }
}

/** The JSON the page carries for the app's first render. */
function pageData(body: string): { renderedAt: string; results: Record<string, unknown> } {
  const m = new RegExp(`<script type="application/json" id="${pageDataElementId}">(.*?)</script>`, 's').exec(body)
  if (!m) throw new Error('The page has no page data')
  return JSON.parse(m[1]!) as { renderedAt: string; results: Record<string, unknown> }
}

const suite = browserSuite({ documents: dataset, viewport: { width: 1280, height: 900 } })

describe('pages from the service', () => {
  it('sends the homepage rendered, with its title, description and the data it was rendered with', async () => {
    const { status, body, headers } = await html('/')
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(body).toContain('Bridge reopens after a year of repairs')
    expect(body.match(/<title>/g)).toHaveLength(1)
    expect(body).toContain('<title>Resonance | London Edition</title>')
    expect(body).toMatch(/<meta name="description" content="Breaking news, the day’s lead story/)
    const data = pageData(body)
    expect(Date.now() - new Date(data.renderedAt).getTime()).toBeLessThan(120_000)
    expect(JSON.stringify(Object.values(data.results))).toContain('Bridge reopens after a year of repairs')
  })

  it('answers a missing article, a bad slug and an unknown section with 404, and sends a topic to its address', async () => {
    expect((await html('/article/no-such-story')).status).toBe(404)
    const bad = await html('/article/not%20a%20slug')
    expect(bad.status).toBe(404)
    expect(bad.body).toContain('Invalid article slug.')
    expect((await html('/no-such-section')).status).toBe(404)
    const topic = await html('/sports?page=2')
    expect(topic.status).toBe(307)
    expect(topic.headers.get('location')).toBe('/topic/sports?page=2')
  })

  it("links the paper's feed from every reader page, and a section's or topic's own from its page, each a feed that answers", async () => {
    const feedLinks = (body: string) => [...body.matchAll(/<link rel="alternate" type="application\/rss\+xml" title="([^"]*)" href="([^"]*)"\/>/g)].map((m) => ({ title: m[1], href: m[2] }))
    const paper = { title: 'Resonance', href: '/rss.xml' }
    expect(feedLinks((await html('/')).body)).toEqual([paper])
    expect(feedLinks((await html('/article/bridge-reopens')).body)).toEqual([paper])
    expect(feedLinks((await html('/uk')).body)).toEqual([paper, { title: 'UK | Resonance', href: '/uk/rss.xml' }])
    expect(feedLinks((await html('/topic/sports')).body)).toEqual([paper, { title: 'Sports | Resonance', href: '/topic/sports/rss.xml' }])
    for (const href of ['/rss.xml', '/uk/rss.xml', '/topic/sports/rss.xml']) {
      const feed = await html(href)
      expect(feed.status, href).toBe(200)
      expect(feed.headers.get('content-type'), href).toBe('application/rss+xml; charset=utf-8')
      expect(feed.body, href).toContain('<rss version="2.0"')
    }
    expect((await html('/uk/rss.xml')).body).toContain('Bridge reopens after a year of repairs')
  })

  it('every page the sitemaps list is a page the service sends', async () => {
    const locs = async (path: string) => [...(await html(path)).body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
    const sitemaps = await locs('/sitemap.xml')
    const pages = (await Promise.all(sitemaps.map(locs))).flat()
    expect(pages).toEqual(expect.arrayContaining(['/', '/about', '/uk', '/topic/sports', '/article/bridge-reopens']))
    for (const path of pages) expect((await html(path)).status, path).toBe(200)
  })

  it('writes content as text: a title with markup ends no element and runs nothing', async () => {
    const { body } = await html('/article/hostile')
    expect(body).not.toContain('<script>window.injected')
    expect(body).toContain('Mayor says &lt;/script&gt;&lt;script&gt;window.injected = true&lt;/script&gt; &amp; &quot;no&quot;')
    // In the homepage's page data (the whole app takes it over) the markup is escaped JSON, and it
    // reads back as the title it was; the article is a document and carries no data.
    expect(() => pageData(body)).toThrow('The page has no page data')
    expect(JSON.stringify(pageData((await html('/')).body).results)).toContain(JSON.stringify(hostile).slice(1, -1))
    const page = await suite.newPage()
    await gotoApp(page, `${suite.service.url}/article/hostile`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(hostile)
    expect(await page.evaluate('window.injected === undefined')).toBe(true)
  })

  it('shows a write on the next page sent', async () => {
    const before = (await html('/')).body
    expect(before).not.toContain('Night buses return')
    await suite.service
      .client({ token: suite.token })
      .create({ _id: 'new-lead', _type: 'article', title: 'Night buses return to the West End', slug: { _type: 'slug', current: 'night-buses' }, publishedAt: minutesAgo(1), isLeadStory: true })
    expect((await html('/')).body).toContain('Night buses return to the West End')
    await suite.service.client({ token: suite.token }).delete('new-lead')
    expect((await html('/')).body).not.toContain('Night buses return')
  })

  it('leaves the admin area to the browser', async () => {
    const { status, body } = await html('/admin/login')
    expect(status).toBe(200)
    expect(body).toContain('<div id="root"></div>')
    expect(body).not.toContain(pageDataElementId)
  })
})

describe('in the browser', () => {
  it('reads the homepage and an article with JavaScript off, links working', async () => {
    const page = await suite.newPage({ javaScriptEnabled: false })
    await page.goto(`${suite.service.url}/`)
    const lead = page.getByRole('region', { name: 'Lead Story' })
    expect(await lead.getByRole('heading', { level: 3 }).textContent()).toBe('Bridge reopens after a year of repairs')
    // No app, so no live connection: the page does not claim to be connecting.
    expect(await page.locator('.connection-status').isVisible()).toBe(false)
    await lead.getByRole('link').first().click()
    await page.waitForURL('**/article/bridge-reopens')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bridge reopens after a year of repairs')
    expect(await page.title()).toBe('Bridge reopens after a year of repairs | Resonance')
  })

  it('sends a story, a section, a topic and a 404 as documents: no app, no data, a story only its read beacon', async () => {
    const moduleScripts = (body: string) => [...body.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((m) => m[1]!.replace(/-[\w-]+\.js$/, '.js'))
    const preloads = (body: string) => body.match(/<link\b[^>]*rel="modulepreload"/g) ?? []
    for (const path of ['/uk', '/topic/sports', '/no/such/page']) {
      const { body } = await html(path)
      expect({ path, scripts: moduleScripts(body), preloads: preloads(body), data: body.includes(pageDataElementId) }).toEqual({ path, scripts: [], preloads: [], data: false })
    }
    const story = (await html('/article/bridge-reopens')).body
    expect({ scripts: moduleScripts(story), preloads: preloads(story), data: story.includes(pageDataElementId) }).toEqual({ scripts: ['/assets/readBeacon.js'], preloads: [], data: false })
    // The beacon ends the document: nothing of the page waits for it.
    expect(story.indexOf('<script type="module"')).toBeGreaterThan(story.lastIndexOf('</main>'))
    // The homepage is still taken over by the whole app.
    expect(moduleScripts((await html('/')).body)).toEqual(['/assets/index.js'])
  })

  it('takes each page type over without a hydration error, then works as the app', async () => {
    const page = await suite.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message: ConsoleMessage) => {
      // The homepage reports the spec's rule warnings to the console; anything else is a problem.
      if (message.type() === 'error' && !message.text().startsWith('RULE VIOLATION') && !message.text().includes('status of 404')) problems.push(message.text())
    })
    for (const path of ['/', '/article/bridge-reopens', '/uk', '/topic/sports', '/about', '/article/no-such-story']) {
      await gotoApp(page, `${suite.service.url}${path}`)
    }
    expect(problems).toEqual([])
    // Taken over: the next link is followed by the app, without a new document.
    await gotoApp(page, `${suite.service.url}/`)
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    await page.getByRole('region', { name: 'Lead Story' }).getByRole('link').first().click()
    await page.getByRole('heading', { level: 1, name: 'Bridge reopens after a year of repairs' }).waitFor()
    expect(documents).toEqual([])
  })
})
