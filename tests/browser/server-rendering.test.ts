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

/** The props an island of the page hydrates with, read back from its marker's attribute as the browser would. */
function islandProps(body: string, name: string): Record<string, unknown> {
  const m = new RegExp(`<resonance-island data-island="${name}"[^>]*? data-props="([^"]*)"`).exec(body)
  if (!m) throw new Error(`The page has no ${name} island`)
  const attribute = m[1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
  return JSON.parse(attribute) as Record<string, unknown>
}

const suite = browserSuite({ documents: dataset, viewport: { width: 1280, height: 900 } })

describe('pages from the service', () => {
  it('sends the homepage rendered, with its title, description and the front page its live feed starts from', async () => {
    const { status, body, headers } = await html('/')
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(body).toContain('Bridge reopens after a year of repairs')
    expect(body.match(/<title>/g)).toHaveLength(1)
    expect(body).toContain('<title>Resonance | London Edition</title>')
    expect(body).toMatch(/<meta name="description" content="Breaking news, the day’s lead story/)
    // A document: the live feed's island carries the homepage it was rendered with, and the minute.
    const feed = islandProps(body, 'LiveHome')
    expect(Date.now() - new Date(feed.renderedAt as string).getTime()).toBeLessThan(120_000)
    expect(JSON.stringify(feed.homepage)).toContain('Bridge reopens after a year of repairs')
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

  it("sends a search that names empty filters to its one address, a redirect the edge may keep like the page", async () => {
    const empty = await html('/search?q=bridge&section=&from=&to=')
    expect(empty.status).toBe(301)
    expect(empty.headers.get('location')).toBe('/search?q=bridge')
    expect(empty.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=60')
    // A filled field stays, even a wrong one, so the page can say what is wrong with it.
    expect((await html('/search?q=bridge&section=uk&from=soon&to=')).headers.get('location')).toBe('/search?q=bridge&section=uk&from=soon')
    expect((await html('/search?q=bridge&section=uk')).status).toBe(200)
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
    // In the props of the homepage's live feed (an attribute) the markup is escaped, and it reads
    // back as the title it was; the article is a document without islands and carries no data.
    expect(() => pageData(body)).toThrow('The page has no page data')
    expect(JSON.stringify(islandProps((await html('/')).body, 'LiveHome').homepage)).toContain(JSON.stringify(hostile).slice(1, -1))
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

/** The module scripts a document's loader adds once it has loaded (scripts/readerTemplate.ts). */
function listedModules(body: string): string[] {
  if (/<script\b[^>]*\btype="module"/.test(body)) throw new Error('A document carries a module script of its own')
  return (/<script data-modules="([^"]*)">/.exec(body)?.[1] ?? '').split(' ').filter(Boolean)
}

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

  it('sends the homepage, a story, a section, a topic and a 404 as documents: no app, no data, only their own small scripts', async () => {
    const moduleScripts = (body: string) => listedModules(body).map((src) => src.replace(/-[\w-]+\.js$/, '.js'))
    const preloads = (body: string) => body.match(/<link\b[^>]*rel="modulepreload"/g) ?? []
    const islands = (body: string) => [...body.matchAll(/<resonance-island data-island="([^"]+)"/g)].map((m) => m[1])
    // A page without an island loads no framework: only the page's own plain script (the header's Escape).
    for (const path of ['/uk', '/topic/sports', '/no/such/page']) {
      const { body } = await html(path)
      expect({ path, scripts: moduleScripts(body), preloads: preloads(body), data: body.includes(pageDataElementId), islands: islands(body) }).toEqual({
        path,
        scripts: ['/assets/pageScript.js'],
        preloads: [],
        data: false,
        islands: [],
      })
    }
    const story = (await html('/article/bridge-reopens')).body
    expect({ scripts: moduleScripts(story), preloads: preloads(story), data: story.includes(pageDataElementId), islands: islands(story) }).toEqual({
      scripts: ['/assets/readBeacon.js', '/assets/pageScript.js'],
      preloads: [],
      data: false,
      islands: [],
    })
    // No module script in the markup: the loader that ends the document adds them once the page has loaded.
    expect(story).not.toContain('<script type="module"')
    expect(story.indexOf('<script data-modules=')).toBeGreaterThan(story.lastIndexOf('</main>'))
    // The homepage is a document too, with one island, the live feed, and the islands' entry for it.
    const home = (await html('/')).body
    expect({ scripts: moduleScripts(home), preloads: preloads(home), data: home.includes(pageDataElementId), islands: islands(home) }).toEqual({
      scripts: ['/assets/islands.js', '/assets/pageScript.js'],
      preloads: [],
      data: false,
      islands: ['LiveHome'],
    })
  })

  it("sends search as a document with no island, and the pages with reader forms with the islands' entry, each form an island", async () => {
    const moduleScripts = (body: string) => listedModules(body).map((src) => src.replace(/-[\w-]+\.js$/, '.js'))
    const islands = (body: string) => [...body.matchAll(/<resonance-island data-island="(\w+)" data-defer="(\w+)"/g)].map((m) => `${m[1]} (${m[2]})`)
    const pages = { '/contact': ['ContactForm (interaction)'], '/subscribe': ['SubscribeForm (interaction)'], '/about': ['SubscribeBox (interaction)'], '/newsletters?token=t.k': ['NewsletterPreferences (interaction)'] }
    for (const [path, expected] of Object.entries(pages)) {
      const { body } = await html(path)
      const sent = { path, scripts: moduleScripts(body), preloads: body.match(/<link\b[^>]*rel="modulepreload"/g) ?? [], data: body.includes(pageDataElementId), islands: islands(body) }
      expect(sent).toEqual({ path, scripts: ['/assets/islands.js', '/assets/pageScript.js'], preloads: [], data: false, islands: expected })
    }
    // Search is a GET form the browser sends itself, and its results come in the page: nothing to hydrate.
    const search = (await html('/search?q=bridge')).body
    expect(search).toContain('<mark>Bridge</mark> reopens after a year of repairs')
    expect({ scripts: moduleScripts(search), islands: islands(search), data: search.includes(pageDataElementId) }).toEqual({ scripts: ['/assets/pageScript.js'], islands: [], data: false })
  })

  it("keeps a document's relative times current on the reader's clock, the London time in full as their title, and moves nothing", async () => {
    const page = await suite.newPage()
    // The page's clock, which the test moves on; it starts at the real time.
    await page.clock.install()
    // Not gotoApp: the installed clock stands in for `performance`, whose mark gotoApp waits for. The
    // server's words are there at once; the page's script, once it has come, moves them on below.
    await page.goto(`${suite.service.url}/uk`)
    const time = page.getByRole('main').getByRole('article').filter({ hasText: 'Bridge reopens after a year of repairs' }).locator('time')
    expect(await time.textContent()).toMatch(/^3\d minutes ago$/)
    expect(await time.getAttribute('title')).toMatch(/^\w+day \d{1,2} \w+ \d{4} \d{2}\.\d{2} (GMT|BST)$/)
    // Once the reader stylesheet applies, any shift of the layout from then on is recorded.
    await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/reader-') && sheet.media.mediaText === 'all'))
    await page.evaluate(() => {
      const shifts: number[] = []
      Object.assign(window, { shifts })
      new PerformanceObserver((list) => shifts.push(...list.getEntries().map((entry) => (entry as PerformanceEntry & { value: number }).value))).observe({ type: 'layout-shift' })
    })
    // Two hours on, the story was published about three hours ago.
    await page.clock.fastForward('02:00:00')
    await expect.poll(() => time.textContent()).toBe('about 3 hours ago')
    // A frame for the layout to settle, then nothing has moved.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([])
  })

  it('opens each page type without a hydration error, asks for its scripts only once it has loaded and painted, and follows links as documents', async () => {
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
    // The homepage's live feed hydrated on its own, without a mismatch; a story's link is a plain
    // link: the next page is a document the service (or the edge cache) sends.
    await gotoApp(page, `${suite.service.url}/`)
    await page.locator('resonance-island[data-island="LiveHome"][data-hydrated]').waitFor()
    expect(problems).toEqual([])
    // Every script was asked for once the page had loaded and reported its largest paint (the first
    // report), so none was on the way while the page painted.
    const when = await page.evaluate(async () => ({
      load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      paint: await new Promise<number>((resolve) => new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true })),
      scripts: performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith('.js')).map((entry) => entry.startTime),
    }))
    expect(when.scripts.length).toBeGreaterThan(2)
    expect(when.scripts.filter((start) => start < when.load || start < when.paint)).toEqual([])
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    await page.getByRole('region', { name: 'Lead Story' }).getByRole('link').first().click()
    await page.getByRole('heading', { level: 1, name: 'Bridge reopens after a year of repairs' }).waitFor()
    expect(documents).toEqual([`${suite.service.url}/article/bridge-reopens`])
  })
})
