// The render tier (`npm run serve:pages`) in processes of its own, reading the content service over
// HTTP on another port: the same pages from any of them, nothing kept between requests (a publish
// shows at once), drafts never rendered, the API passed through, and a page a reader opens hydrates
// and updates live through it.

import { createServer, request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentKey } from '../../shared/cacheKeys.ts'
import { testArticle } from '../support/articles.ts'
import { gotoApp } from '../support/browser.ts'
import { startRenderProcess, type RenderProcess } from '../support/renderTier.ts'
import { browserSuite } from '../support/suite.ts'

// Behind one address, as a load balancer puts them: pages name the site, not the process.
const site = 'http://news.resonance.test'

const suite = browserSuite({
  env: { TRUSTED_PROXIES: '127.0.0.1', PUBLIC_URL: site },
  documents: [
    testArticle('bridge', 30, { isLeadStory: true, title: 'Bridge reopens after a year of repairs' }),
    testArticle('market', 60, { isLatestUpdate: true, title: 'Market hall gets a new roof' }),
    { ...testArticle('drafts.embargo', 5, { title: 'Embargoed budget figures' }), slug: { _type: 'slug', current: 'embargo' } },
  ],
})

let first: RenderProcess
let second: RenderProcess

beforeAll(async () => {
  ;[first, second] = await Promise.all([startRenderProcess(suite.service.url, { PUBLIC_URL: site }), startRenderProcess(suite.service.url, { PUBLIC_URL: site })])
}, 60_000)

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()])
})

/** The page's markup without the moment it was rendered at (each process renders at its own). */
async function page(base: string, path: string): Promise<{ status: number; root: string; headers: Headers }> {
  const res = await fetch(`${base}${path}`)
  const html = await res.text()
  // The root's markup ends before the page's scripts: a document's own, or the whole app's data.
  const start = html.indexOf('<div id="root">')
  const root = start < 0 ? '' : html.slice(start + '<div id="root">'.length, html.lastIndexOf('</div>', html.lastIndexOf('</body>')))
  return { status: res.status, root, headers: res.headers }
}

describe('the render tier', () => {
  it('renders the same pages from two processes, as the content service itself does', async () => {
    for (const path of ['/', '/article/bridge', '/article/market', '/article/nothing-here']) {
      const [a, b, own] = await Promise.all([page(first.url, path), page(second.url, path), page(suite.service.url, path)])
      expect(a.status, path).toBe(own.status)
      expect(a.root, path).toBe(b.root)
      expect(a.root, path).toBe(own.root)
    }
    const home = await page(first.url, '/')
    expect(home.root).toContain('Bridge reopens after a year of repairs')
    expect(home.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=60')
    expect(home.headers.get('xkey')!.split(' ')).toContain(documentKey('bridge'))
  })

  it('never renders a draft, and shows a publish on the next request', async () => {
    const before = await page(first.url, '/article/embargo')
    expect(before.status).toBe(404)
    expect(before.root).not.toContain('Embargoed')
    const client = suite.service.client({ token: suite.token })
    const draft = await client.getDocument('drafts.embargo')
    await client.transaction().create({ ...draft!, _id: 'embargo' }).delete('drafts.embargo').commit()
    const after = await page(second.url, '/article/embargo')
    expect(after.status).toBe(200)
    expect(after.root).toContain('Embargoed budget figures')
  })

  it('passes the API, feeds and sign-in on to the content service', async () => {
    const query = await fetch(`${first.url}/v2023-05-03/data/query/production?query=${encodeURIComponent('count(*[_type == "article"])')}`)
    expect(query.status).toBe(200)
    expect((await query.json()).result).toBe(3)
    const rss = await fetch(`${first.url}/rss.xml`)
    expect(rss.headers.get('content-type')).toContain('application/rss+xml')
    const refused = await fetch(`${first.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }) })
    expect(refused.status).toBe(401)
  })

  it('serves a page a reader opens that hydrates and updates live through it', async () => {
    const tab = await suite.newPage()
    await gotoApp(tab, `${first.url}/`)
    await tab.getByRole('heading', { name: 'Bridge reopens after a year of repairs' }).first().waitFor()
    const client = suite.service.client({ token: suite.token })
    await client.create(testArticle('ferry', 1, { isLatestUpdate: true, title: 'Night ferry returns to the river' }))
    await expect(tab.getByText('Night ferry returns to the river').first().waitFor({ timeout: 15_000 })).resolves.toBeUndefined()
  })

  it("says so when the homepage's query fails, keeps no such page, and renders the front page at the next request once the content answers", async () => {
    // The content service as the tier sees it over HTTP, answering every query as it answers one over
    // its time limit (a homepage during an upgrade's refill at a million articles) until told not to.
    let failing = true
    const front = createServer((req, res) => {
      if (failing && req.url?.includes('/data/query/')) {
        res.writeHead(400, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { type: 'queryTimeoutError', description: 'The query ran longer than the limit of 2000 ms: select fewer documents, or simplify the query' } }))
        return
      }
      const upstream = request(new URL(req.url!, suite.service.url), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers)
        answer.pipe(res)
      })
      req.pipe(upstream)
    })
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
    const tier = await startRenderProcess(`http://127.0.0.1:${(front.address() as { port: number }).port}`, { PUBLIC_URL: site })
    try {
      const failed = await page(tier.url, '/')
      expect(failed.root).toContain('The news could not be loaded.')
      expect(failed.root).toContain('<a href="/">Try again</a>')
      expect(failed.root).not.toContain('Loading the latest news')
      // Neither kept by the tier nor by a shared cache: Try again asks the content again.
      expect(failed.headers.get('cache-control')).toBe('private, no-store')
      // A crawler is told to come back, not given a front page without its news.
      expect(failed.status).toBe(503)
      expect(failed.headers.get('retry-after')).toBe('30')
      expect((await page(tier.url, '/')).root).toContain('The news could not be loaded.')
      failing = false
      const again = await page(tier.url, '/')
      expect(again.root).toContain('Bridge reopens after a year of repairs')
      expect(again.root).not.toContain('could not be loaded')
      expect(again.status).toBe(200)
      expect(again.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=60')
    } finally {
      await tier.stop()
      front.closeAllConnections()
      await new Promise((resolve) => front.close(resolve))
    }
  })
})
