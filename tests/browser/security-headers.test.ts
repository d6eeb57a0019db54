// The hardening headers of server/pages/headers.ts, as Chromium meets them: every page type (reader pages
// rendered by the service, the admin and the app's other routes sent as index.html) carries the
// same strict policy and works under it with nothing refused, from the live homepage to saving an
// article in the rich-text editor; framing is refused; HSTS is sent only for an https PUBLIC_URL;
// and the built Storybook runs under its own, documented policy.

import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { spawnSync } from 'node:child_process'
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAdmin } from '../../server/config.ts'
import { storybookHeaders } from '../../server/pages/headers.ts'
import { gotoApp } from '../support/browser.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'

/** Serves every page as index.html (no render module) and says it is public over https. */
let httpsService: TestService
let articleSlug: string
const servers: Server[] = []

// What this file starts beside the suite's service and browser. Registered before the suite, so it
// runs after the suite's afterAll (after-hooks run last-registered first): the browser has closed its
// connections to these servers by then, and closing a server waits for its connections.
afterAll(async () => {
  for (const server of servers) await new Promise((done) => server.close(done))
  await httpsService?.stop()
})

const suite = browserSuite({
  env: { SEED: 'demo', ADMIN_EMAIL: demoAdmin.email, ADMIN_PASSWORD: demoAdmin.password },
  seed: async ({ service }) => {
    httpsService = await startTestService({ STATIC_DIR: resolve('dist'), RENDER_MODULE: '', PUBLIC_URL: 'https://news.resonance.example' })
    articleSlug = (await service.client().fetch<string>('*[_type == "article" && defined(slug.current)] | order(publishedAt desc)[0].slug.current'))!
  },
})

function parsePolicy(policy: string | null): Map<string, string[]> {
  if (!policy) throw new Error('No Content-Security-Policy header')
  return new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]))
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** The text a CSP or Permissions-Policy complaint in the console starts with. */
const policyComplaint = /Content[ -]Security[ -]Policy|Permissions[ -]Policy|Refused to/i

/**
 * A browser context that records every policy violation: the `securitypolicyviolation` events of
 * every frame (reported from an init script, which the policy does not govern) and the console's
 * complaints about either policy.
 */
async function watchedContext(options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; problems: string[] }> {
  const context = await suite.newContext({ viewport: { width: 1280, height: 900 }, ...options })
  const problems: string[] = []
  await context.exposeBinding('reportPolicyViolation', ({ frame }, text: string) => problems.push(`${frame.url()}: ${text}`))
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation
        report(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} ${e.sample} (${e.sourceFile}:${e.lineNumber})`)
      },
      true,
    )
  })
  context.on('console', (message) => {
    if (policyComplaint.test(message.text())) problems.push(`console: ${message.text()}`)
  })
  return { context, problems }
}

/** Lets violations the page has already queued reach the test: each is reported in a task of its own. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => setTimeout(done)))
}

describe('the headers of each page type', () => {
  const expectedOther = {
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'DENY',
  }

  it('sends one strict policy on the reader pages, and one on the admin and index.html, differing only in the inline hashes', async () => {
    // The reader pages' template has their critical styles inlined (dist-server/reader.html), which
    // the admin's index.html does not: its hashes are its own, the rest of the policy is the same.
    // Each reader page carries only the inlined rules its markup uses, allowed by their own hash
    // (checked below): its style-src is its own.
    const pages: Array<[TestService, string, number, 'reader' | 'app']> = [
      [suite.service, '/', 200, 'reader'],
      [suite.service, `/article/${articleSlug}`, 200, 'reader'],
      [suite.service, '/uk', 200, 'reader'],
      [suite.service, '/article/no-such-story', 404, 'reader'],
      [suite.service, '/admin', 200, 'app'],
      [suite.service, '/admin/login', 200, 'app'],
      [suite.service, '/admin/edit/articles/new', 200, 'app'],
      // Without a render module every page is the built index.html, sent by the static files.
      [httpsService, '/', 200, 'app'],
      [httpsService, '/uk', 200, 'app'],
    ]
    const policies = { reader: new Set<string>(), app: new Set<string>() }
    for (const [on, path, status, kind] of pages) {
      const res = await fetch(`${on.url}${path}`)
      expect(res.status, path).toBe(status)
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8')
      for (const [name, value] of Object.entries(expectedOther)) expect(res.headers.get(name), `${name} of ${path}`).toBe(value)
      const features = res.headers.get('permissions-policy')!.split(', ')
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(features, path).toContain(`${feature}=()`)
      const policy = res.headers.get('content-security-policy')!
      policies[kind].add(kind === 'reader' ? policy.replace(/style-src [^;]*/, 'style-src') : policy)
    }
    expect([...policies.reader]).toHaveLength(1)
    expect([...policies.app]).toHaveLength(1)
    const reader = parsePolicy([...policies.reader][0]!)
    const app = parsePolicy([...policies.app][0]!)
    for (const name of new Set([...reader.keys(), ...app.keys()])) {
      if (name !== 'style-src' && name !== 'script-src') expect(reader.get(name), name).toEqual(app.get(name))
    }
    for (const policy of [reader, app]) expectStrict(policy)
  })

  function expectStrict(policy: Map<string, string[]>): void {
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('img-src')).toEqual(["'self'", 'data:'])
    for (const sources of policy.values()) {
      expect(sources).not.toContain("'unsafe-inline'")
      expect(sources).not.toContain("'unsafe-eval'")
    }
  }

  /** The sha256 sources of a built document's inline styles and of its inline scripts that run. */
  function builtHashes(file: string): { styles: string[]; scripts: string[] } {
    const built = readFileSync(resolve(file), 'utf8')
    return {
      styles: [...built.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]!)),
      scripts: [...built.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[1]!)),
    }
  }

  it('allows exactly the built documents’ inline styles and scripts, by their hashes', async () => {
    const app = builtHashes('dist/index.html')
    // The no-JavaScript rule for the connection status is the app's one inline style.
    expect(app.styles).toHaveLength(1)
    const appPolicy = parsePolicy((await fetch(`${suite.service.url}/admin/login`)).headers.get('content-security-policy'))
    expect(appPolicy.get('style-src')).toEqual(["'self'", ...app.styles])
    expect(appPolicy.get('script-src')).toEqual(["'self'", ...app.scripts])
    // Reader pages: that rule, the critical styles of the page's own markup, the script that loads
    // the rest, and the one that adds each page's module scripts once it has painted.
    const reader = builtHashes('dist-server/reader.html')
    expect(reader.styles).toHaveLength(2)
    expect(reader.scripts).toHaveLength(2)
    const inlined = [...readFileSync(resolve('dist-server/reader.html'), 'utf8').matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!)
    const sent = new Set<string>()
    for (const path of ['/', `/article/${articleSlug}`, '/uk', '/contact']) {
      const res = await fetch(`${suite.service.url}${path}`)
      const policy = parsePolicy(res.headers.get('content-security-policy'))
      const styles = [...(await res.text()).matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!)
      expect(styles, path).toHaveLength(2)
      expect(styles[0], path).toBe(inlined[0])
      // Cut down from the template's: smaller, and not the same on every kind of page.
      expect(styles[1]!.length, path).toBeLessThan(inlined[1]!.length)
      sent.add(styles[1]!)
      expect(policy.get('style-src'), path).toEqual(["'self'", ...styles.map(sha256)])
      expect(policy.get('script-src'), path).toEqual(["'self'", ...reader.scripts])
    }
    expect(sent.size).toBe(4)
  })

  it('asks for HTTPS only when PUBLIC_URL is https', async () => {
    for (const path of ['/', '/admin/login']) {
      expect((await fetch(`${httpsService.url}${path}`)).headers.get('strict-transport-security'), path).toBe('max-age=31536000')
      expect((await fetch(`${suite.service.url}${path}`)).headers.has('strict-transport-security'), path).toBe(false)
    }
  })
})

describe('in Chromium under the policy', () => {
  it('shows the live homepage, an article, a listing and the 404 page with nothing refused', async () => {
    const { context, problems } = await watchedContext()
    const page = await context.newPage()
    await gotoApp(page, `${suite.service.url}/`)
    await page.getByRole('region', { name: 'Lead Story' }).waitFor()
    // Live: the listen stream (an EventSource) is connected under connect-src.
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 15_000 })
    expect(await page.locator('img').count()).toBeGreaterThan(0)

    await gotoApp(page, `${suite.service.url}/article/${articleSlug}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await gotoApp(page, `${suite.service.url}/uk`)
    await page.getByRole('heading', { level: 1, name: 'UK' }).waitFor()
    const notFound = await gotoApp(page, `${suite.service.url}/no/such/page`)
    expect(notFound?.status()).toBe(404)
    await page.getByRole('heading', { name: /Oops! Page not found/ }).waitFor()
    await settled(page)
    expect(problems).toEqual([])
  })

  it('shows every other kind of reader page with nothing refused, and the reader stylesheet taken on', async () => {
    const { context, problems } = await watchedContext()
    const page = await context.newPage()
    const essay = await suite.service.client().fetch<string>('*[_type == "imageGallery" && defined(slug.current)][0].slug.current')
    const author = await suite.service.client().fetch<string>('*[_type == "author" && defined(slug.current)][0].slug.current')
    for (const path of ['/search?q=london', '/photo-essays', `/photo-essays/${essay}`, `/author/${author}`, '/topic/sports', '/video-journal', '/about', '/contact', '/subscribe', '/corrections']) {
      const res = await gotoApp(page, `${suite.service.url}${path}`)
      expect(res?.status(), path).toBe(200)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      // The critical styles come inline; the reader stylesheet, loaded without blocking, then applies in full.
      await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/reader-') && sheet.media.mediaText === 'all'))
      await settled(page)
    }
    expect(problems).toEqual([])
  })

  it('renders the app from index.html in the browser with nothing refused', async () => {
    const { context, problems } = await watchedContext()
    const page = await context.newPage()
    // An empty dataset: the homepage says it has no stories yet, the sign-in page is the same.
    await gotoApp(page, `${httpsService.url}/`)
    await page.getByRole('navigation').first().waitFor()
    await page.goto(`${httpsService.url}/admin/login`)
    await page.getByLabel('Email').waitFor()
    await settled(page)
    expect(problems).toEqual([])
  })

  it('keeps the connection status hidden with JavaScript off: the inline rule is allowed by its hash', async () => {
    const { context, problems } = await watchedContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${suite.service.url}/`)
    await page.getByRole('region', { name: 'Lead Story' }).waitFor()
    expect(await page.locator('.connection-status').count()).toBe(1)
    expect(await page.locator('.connection-status').isVisible()).toBe(false)
    // The reader stylesheet comes by the <noscript> link, as the script that loads it cannot run.
    expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/reader-') && sheet.media.mediaText === ''))).toBe(true)
    expect(problems).toEqual([])
  })

  it('lets an editor sign in, write with bold and a link in the editor, and save, with nothing refused', async () => {
    const { context, problems } = await watchedContext()
    const page = await context.newPage()
    await page.goto(`${suite.service.url}/admin/login`)
    await page.waitForFunction(() => (document.querySelector('#login-email') as HTMLInputElement | null)?.value !== '')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL('**/admin/dashboard')

    await page.goto(`${suite.service.url}/admin/edit/articles/new`)
    await page.getByRole('heading', { level: 1, name: 'Create New Article' }).waitFor()
    await page.getByLabel('Title').fill('Lamplighters return to Covent Garden')
    await page.getByRole('button', { name: 'Generate from title' }).click()
    const content = page.getByRole('textbox', { name: 'Content' })
    await content.click()
    // TipTap's base CSS comes from the stylesheet now that it may not inject a <style>.
    expect(await content.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('break-spaces')
    await page.keyboard.type('Gas lamps are lit by hand ')
    await page.getByRole('button', { name: 'Bold' }).click()
    await page.waitForFunction(() => document.activeElement?.id === 'article-content')
    await page.keyboard.type('every evening')
    await page.getByRole('button', { name: 'Bold' }).click()
    await page.waitForFunction(() => document.activeElement?.id === 'article-content')
    await page.keyboard.type(' in the piazza, says the council')
    for (let i = 0; i < 'council'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
    await page.getByRole('button', { name: 'Link' }).click()
    const address = page.getByRole('textbox', { name: 'Link address' })
    await address.fill('https://council.example/lamps')
    await address.press('Enter')
    await page.waitForFunction(() => document.activeElement?.id === 'article-content')
    expect(await content.locator('strong').textContent()).toBe('every evening')
    expect(await content.locator('a[href="https://council.example/lamps"]').textContent()).toBe('council')
    await page.getByLabel('Author').selectOption({ label: 'Tom Whitcombe' })
    await page.getByRole('checkbox', { name: 'UK', exact: true }).check()
    await page.getByRole('button', { name: 'Save Article' }).click()
    await page.getByText('Article created successfully.', { exact: true }).first().waitFor({ timeout: 10_000 })
    await page.waitForURL('**/admin/dashboard')
    await settled(page)
    expect(problems).toEqual([])
  })

  it('refuses an injected inline script and reports it (the watch sees violations)', async () => {
    const { context, problems } = await watchedContext()
    const page = await context.newPage()
    await gotoApp(page, `${suite.service.url}/article/${articleSlug}`)
    const directive = await page.evaluate(
      () =>
        new Promise<string>((done) => {
          document.addEventListener('securitypolicyviolation', (e) => done(e.effectiveDirective), { once: true })
          const script = document.createElement('script')
          script.textContent = 'window.injected = true'
          document.head.append(script)
        }),
    )
    expect(directive).toBe('script-src-elem')
    expect(await page.evaluate(() => 'injected' in window)).toBe(false)
    await settled(page)
    expect(problems.some((p) => p.includes('script-src-elem refused inline'))).toBe(true)
  })

  it('is not shown inside another site: the admin and the homepage refuse to be framed', async () => {
    const framing = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(`<!doctype html><title>elsewhere</title><iframe src="${suite.service.url}${req.url}"></iframe>`)
    })
    servers.push(framing)
    await new Promise<void>((done) => framing.listen(0, '127.0.0.1', done))
    // localhost is another origin than the service's 127.0.0.1.
    const elsewhere = `http://localhost:${(framing.address() as AddressInfo).port}`
    const context = await suite.newContext()
    for (const path of ['/admin/login', '/']) {
      const page = await context.newPage()
      const refused = page.waitForEvent('console', { predicate: (m) => m.text().includes(`'${suite.service.url}/'`) && m.text().includes(`"frame-ancestors 'none'"`) })
      // Chromium shows its error page in the frame instead.
      const errorPage = page.waitForEvent('framenavigated', { predicate: (f) => f !== page.mainFrame() && f.url().startsWith('chrome-error:') })
      await page.goto(`${elsewhere}${path}`)
      await refused
      await errorPage
      expect(page.frames().map((f) => f.url())).toEqual([`${elsewhere}${path}`, 'chrome-error://chromewebdata/'])
      await page.close()
    }
  })
})

describe('Storybook under its own policy', () => {
  const root = resolve('storybook-static')
  let storybook: string

  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.json': 'application/json; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.woff2': 'font/woff2',
  }

  beforeAll(async () => {
    // CI runs the tests before `npm run build-storybook`.
    if (!existsSync(join(root, 'iframe.html'))) {
      const build = spawnSync('npm', ['run', 'build-storybook'], { stdio: 'inherit', env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' } })
      if (build.status !== 0) throw new Error('npm run build-storybook failed')
    }
    const server = createServer((req, res) => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
      const file = normalize(join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname))
      if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
        res.writeHead(404, { 'Content-Type': 'text/plain' })
        res.end('Not found')
        return
      }
      const body = readFileSync(file)
      const html = extname(file) === '.html'
      res.writeHead(200, {
        'Content-Type': types[extname(file)] ?? 'application/octet-stream',
        ...(html ? storybookHeaders(body.toString('utf8'), { publicUrl: null, content: {} }) : { 'X-Content-Type-Options': 'nosniff' }),
      })
      res.end(body)
    })
    servers.push(server)
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    storybook = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  it('holds scripts to the pages’ rule and lets only Storybook frame itself', async () => {
    for (const path of ['/', '/iframe.html']) {
      const res = await fetch(`${storybook}${path}`)
      const policy = parsePolicy(res.headers.get('content-security-policy'))
      expect(policy.get('script-src')![0]).toBe("'self'")
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'")
      expect(policy.get('script-src')).not.toContain("'unsafe-eval'")
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
      expect(policy.get('frame-ancestors')).toEqual(["'self'"])
      expect(policy.get('object-src')).toEqual(["'none'"])
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    }
  })

  it('shows stories alone and in the manager with nothing refused', async () => {
    const { context, problems } = await watchedContext()
    const page = await context.newPage()
    for (const id of ['reader-homepage--live', 'reader-articlestory--every-block-type', 'admin-richtexteditor--with-article', 'admin-adminlogin--demo-prefilled']) {
      await page.goto(`${storybook}/iframe.html?id=${id}&viewMode=story`)
      await page.locator('#storybook-root > *').first().waitFor()
    }
    await page.goto(`${storybook}/?path=/story/admin-articleform--edit`)
    await page.frameLocator('#storybook-preview-iframe').getByLabel('Title').waitFor()
    await settled(page)
    expect(problems).toEqual([])
  })
})
