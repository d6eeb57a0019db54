import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isReservedSlug, reservedSegments } from '../../shared/paths.ts'
import { isValidSlug } from '../../shared/slug.ts'
import { isServicePath } from './servicePaths.ts'

/**
 * The expressions deploy/varnish/default.vcl sends to the content service's backend: every
 * `req.url ~ "..."` in the condition before `set req.backend_hint = content;`. A VCL string has no
 * escapes, so its text is the expression (PCRE, which reads these as JavaScript does).
 */
function vclServicePatterns(): RegExp[] {
  const vcl = readFileSync(new URL('../../deploy/varnish/default.vcl', import.meta.url), 'utf8')
  const choice = /if \(([^{]*)\)\s*\{\s*set req\.backend_hint = content;/.exec(vcl)
  if (!choice) throw new Error('default.vcl no longer chooses the content backend with `if (...) { set req.backend_hint = content;`')
  const patterns = [...choice[1]!.matchAll(/req\.url ~ "([^"]*)"/g)].map((m) => new RegExp(m[1]!))
  if (patterns.length === 0) throw new Error("default.vcl's choice of the content backend has no req.url expression")
  return patterns
}

const vcl = vclServicePatterns()
/** Where Varnish sends a GET for this URL (path and query string, as req.url has them). */
const varnishSendsToService = (url: string) => vcl.some((pattern) => pattern.test(url))

/** Paths the service answers, each with why. */
const servicePaths = [
  '/v2023-05-03/data/query/production',
  '/v2023-05-03/data/listen/production',
  '/v1/data/doc/production/article-1',
  '/vX/data/mutate/production',
  '/v2021-06-07/assets/images/production',
  '/v1/check/cors',
  '/v1/ping',
  '/v2025-02-19/schedules/resonance/production',
  '/v1/presence/production/article-1',
  '/v1/anything-else',
  // Versions the API does not have, which it refuses with a 400.
  '/v',
  '/v/',
  '/v0/data/query/production',
  '/vX1/ping',
  '/v2023-5-3/data/query/production',
  '/vnext/data/query/production',
  '/v1',
  '/images/resonance/production/54c77fed-1600x900.jpg',
  '/images',
  '/files/resonance/production/clip-mp4.mp4',
  '/auth/login',
  '/auth/users/abc/password',
  '/newsroom/inbox',
  '/newsroom/webhooks/abc/deliveries',
  '/sitemaps/pages.xml',
  '/sitemaps/articles-2026-11.xml',
  '/sitemap.xml',
  '/rss.xml',
  '/uk/rss.xml',
  '/topic/climate/rss.xml',
  '/author/priya-raman/rss.xml',
  '/robots.txt',
  '/health',
  '/newsletters/preferences',
  '/newsletters',
]

/** Reader pages and the admin: the app's, rendered by the render tier or the service's pages. */
const pagePaths = [
  '/',
  '/videos',
  '/video-journal',
  '/vote',
  '/article/earthquake-strikes-off-turkey',
  '/article/v1',
  '/uk',
  '/world',
  '/topic/climate',
  '/author/priya-raman',
  '/photo-essays',
  '/photo-essays/london-at-night',
  '/search',
  '/trending',
  '/archive',
  '/about',
  '/contact',
  '/contact/sent',
  '/subscribe',
  '/subscribe/confirm',
  '/unsubscribe',
  '/newsletter',
  '/admin',
  '/admin/login',
  '/admin/articles',
  '/imagesque',
  '/healthy',
  '/rss.xml.html',
  '/favicon.svg',
  '/assets/index-Cx0yAfHj.js',
]

/** Query strings a reader's address may carry, including ones that look like paths. */
const queries = ['', '?page=2', '?q=rss', '?q=/rss.xml', '?next=/v1/data/query/x', '?', '?a=1&b=/images/x']

describe('isServicePath', () => {
  it.each(servicePaths)('sends %s to the content service', (path) => {
    expect(isServicePath(path)).toBe(true)
  })

  it.each(pagePaths)('leaves %s to the pages', (path) => {
    expect(isServicePath(path)).toBe(false)
  })

  // A section at /{slug} the service answers could never be reached: such slugs are reserved.
  it('answers no section address a category may take', () => {
    const slugs = fc.oneof(
      fc.constantFrom(...reservedSegments, 'v1', 'vx', 'v2025-02-19', 'uk', 'video', 'health-and-care'),
      fc.stringMatching(/^v?[a-z0-9]{1,6}(-[a-z0-9]{1,6}){0,2}$/),
    )
    fc.assert(
      fc.property(slugs, (slug) => {
        if (isValidSlug(slug) && isServicePath(`/${slug}`)) expect(isReservedSlug(slug), slug).toBe(true)
      }),
    )
    for (const area of ['auth', 'files', 'health', 'images', 'newsroom', 'sitemaps']) expect(isServicePath(`/${area}`) && isReservedSlug(area), area).toBe(true)
  })
})

describe("Varnish's choice of backend (deploy/varnish/default.vcl)", () => {
  it('reads its expressions from the VCL', () => {
    expect(vcl.length).toBeGreaterThan(0)
  })

  it.each([...servicePaths, ...pagePaths])('agrees with isServicePath on %s, whatever its query string', (path) => {
    for (const query of queries) expect({ url: path + query, service: varnishSendsToService(path + query) }).toEqual({ url: path + query, service: isServicePath(path) })
  })
})
