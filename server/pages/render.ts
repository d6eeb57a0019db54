// Reader pages rendered on the server: the newspaper's HTML arrives with the first response, so a
// reader sees the homepage or an article before any JavaScript runs, and the browser's app then takes
// the page over (hydrates it) with the same data. docs/decisions/005-server-rendered-pages.md.
//
// The render module is the app's own routes built for Node (`vite build --ssr`, into dist-server/).
// Its loaders read through a PageSource, as an anonymous reader in the published perspective:
// exactly what the browser would have fetched. In the content service the source is its own query
// engine; in the render tier (server/render/) it is any Content Lake over HTTP.

import type { IncomingMessage, ServerResponse } from 'node:http'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { surrogateKeyHeader } from '../../shared/cacheKeys.ts'
import { moduleListAttribute, pageDataElementId } from '../../shared/pageData.ts'
import type { FormSubmission } from '../../shared/readerForms.ts'
import { classNamesIn, criticalStylesFile, isCriticalStyles, stylesFor, type CriticalStyles } from './criticalStyles.ts'
import { defaultSecurityOptions, pageHeaders, type SecurityOptions } from './headers.ts'
import { ByteLru } from '../byteLru.ts'
import { isFilePath } from './static.ts'
import { encode, etagOf, sendEncoded, type Encoded } from './encoding.ts'

interface RenderedPage {
  status: number
  redirect: string | null
  head: string
  html: string
  pageData: string
  /** A document's module scripts, by the reader build's entry names; null (or absent, an older build) for a page the whole app takes over. */
  scripts?: string[] | null
  /** What the page shows, as surrogate keys (shared/cacheKeys.ts). */
  keys: string[]
}

/**
 * The reader build's entries (vite.reader.config.ts): the islands' client entry and the read beacon,
 * by name, as the addresses a document's module scripts load. Read from its manifest.
 */
export type ReaderEntries = ReadonlyMap<string, string>

/** The entries of the reader build's manifest (Vite's: source path to `{ file, isEntry, name }`). */
export function readerEntries(manifest: unknown): ReaderEntries {
  const entries = new Map<string, string>()
  for (const chunk of Object.values((manifest ?? {}) as Record<string, { file?: unknown; isEntry?: unknown; name?: unknown }>)) {
    if (chunk.isEntry === true && typeof chunk.name === 'string' && typeof chunk.file === 'string') entries.set(chunk.name, `/${chunk.file}`)
  }
  return entries
}

/**
 * A document's head: the template's head without the app's module script and its modulepreloads
 * (docs/decisions/031-islands.md). The inline styles and the stylesheet's loader stay.
 */
export function documentHead(head: string): string {
  return head.replace(/\s*<script\b[^>]*\btype="module"[^>]*><\/script>/g, '').replace(/\s*<link\b[^>]*\brel="modulepreload"[^>]*>/g, '')
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** Where rendered pages read their content. */
export interface PageSource {
  /** A query as an anonymous reader in the published perspective; `client` is the reader's address, for the source's fairness. */
  query(query: string, params: Record<string, unknown>, dataset: string, client: string): Promise<unknown>
  /**
   * The dataset's revision, changed by every write: pages are kept until it changes. Null when the
   * content lives in another process, which this one cannot see change: a kept page is then checked
   * by asking its queries again (PageRenderer.stillAnswers).
   */
  revision(dataset: string): number | null
  /** The /search page's search on the service's index; a source without one answers it with the page's GROQ query. */
  search?(search: PageSearch, dataset: string, client: string): Promise<unknown>
}

/** The /search page's search as the app's pages make it (src/content/search/search.ts). */
export interface PageSearch {
  q: string
  page: number
  section?: string
  from?: string
  to?: string
}

interface RenderModule {
  renderTarget(): { dataset: string } | null
  renderPage(
    url: string,
    query: (query: string, params: Record<string, unknown>, dataset: string) => Promise<unknown>,
    options: { origin: string; now?: Date; submission?: FormSubmission | null; dataset?: string; search?: (search: PageSearch, dataset: string) => Promise<unknown> },
  ): Promise<RenderedPage>
}

interface Cached {
  key: string
  status: number
  headers: Record<string, string>
  body: Encoded
  tag: string
  /** The queries the page was made from and a hash of each answer, to check it against (a source without revisions). */
  reads: Read[]
  /**
   * A query of the page failed and it was rendered without that answer (the homepage then says the
   * news could not be loaded): never kept, here or by a shared cache, so the next request asks again.
   */
  failed: boolean
}

interface Read {
  query: string
  params: Record<string, unknown>
  dataset: string
  hash: string
}

function answerHash(result: unknown): string {
  return createHash('sha256').update(JSON.stringify(result) ?? 'undefined').digest('base64url')
}

/**
 * Reader pages: browsers revalidate every time (a 304 when the page is unchanged), shared caches keep
 * a page for a minute and may serve it for another while they fetch it again. must-revalidate keeps
 * browsers from taking stale-while-revalidate for themselves (Chromium does, and a reload would then
 * show the page from before a publish); edge caches take their grace from it. A publish purges the
 * pages it changes at once (by their keys), so the minute only bounds what a purge does not reach:
 * the relative times ("5 minutes ago") and an article's "More from" box.
 */
export const pageCacheControl = 'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=60'
/** When to ask again for a page rendered without a query's answer (an overloaded or refilling archive). */
const failedPageRetrySeconds = 30

/** Whatever is personal (a form's page with what one reader typed, a preview) or failed. */
export const privateCacheControl = 'private, no-store'

/** The build's plan of the template's inline styles, when there is one and it describes this template's. */
function stylesPlan(file: string, head: string, log: (line: string) => void): CriticalStyles | null {
  if (!existsSync(file)) return null
  try {
    const plan: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (isCriticalStyles(plan) && head.includes(`<style>${plan.whole}</style>`)) return plan
  } catch {
    // Read as absent below.
  }
  log(`Every reader page carries all the inlined styles: ${file} does not describe the reader template`)
  return null
}

export class PageRenderer {
  /** Rendered pages kept per URL, for the minute they were rendered in and the dataset's revision, within a budget of bytes. */
  private readonly cache: ByteLru<Cached>

  private constructor(
    private readonly module: RenderModule,
    private readonly dataset: string,
    private readonly template: { head: string; documentHead: string; tail: string },
    /** The reader build's entries; null without one, when every page is taken over by the whole app. */
    private readonly entries: ReaderEntries | null,
    private readonly headers: Record<string, string>,
    private readonly source: PageSource,
    private readonly log: (line: string) => void,
    cacheBytes: number,
    /**
     * The build's plan of the template's inline styles (server/pages/criticalStyles.ts), and the
     * headers of a document whose inline styles are cut down to `css`; null without a plan (an older
     * build, or index.html as the template), when every page carries the template's styles whole.
     */
    private readonly styles: { plan: CriticalStyles; headersFor(css: string): Record<string, string> } | null = null,
  ) {
    this.cache = new ByteLru<Cached>(cacheBytes, (page) => page.body.plain.length + (page.body.gzip?.length ?? 0) + (page.body.br?.length ?? 0))
  }

  /**
   * The renderer, or null when the app is not built for it: no server build, or (without `dataset`)
   * a build that reads its content from another host, which the content service cannot render for.
   * The render tier names the dataset, as it reads from wherever the build does.
   */
  static async load(
    staticDir: string,
    modulePath: string | null,
    source: PageSource,
    log: (line: string) => void,
    security: SecurityOptions = defaultSecurityOptions,
    cacheBytes = 32 * 1024 * 1024,
    dataset: string | null = null,
  ): Promise<PageRenderer | null> {
    if (!modulePath || !existsSync(modulePath)) return null
    // The build's reader template (scripts/readerTemplate.ts: the reader pages' styles inlined, the
    // stylesheet loaded without blocking), or else the app's own index.html.
    const readerTemplate = join(dirname(modulePath), 'reader.html')
    const index = existsSync(readerTemplate) ? readerTemplate : join(staticDir, 'index.html')
    if (!existsSync(index)) return null
    const module = (await import(pathToFileURL(modulePath).href)) as RenderModule
    const target = dataset ? { dataset } : module.renderTarget()
    if (!target) return null
    const html = readFileSync(index, 'utf8')
    const root = '<div id="root"></div>'
    const at = html.indexOf(root)
    if (at < 0) {
      log(`Pages are left to the browser: ${index} has no ${root} to render into`)
      return null
    }
    // The page's own <title> replaces the template's.
    const head = html.slice(0, at).replace(/<title>[^<]*<\/title>\s*/, '')
    const manifest = join(dirname(modulePath), 'reader-manifest.json')
    const entries = existsSync(manifest) ? readerEntries(JSON.parse(readFileSync(manifest, 'utf8'))) : null
    // The policy comes from the template: what is rendered into it is markup, never inline script.
    // Only its inlined rules differ between documents, each allowed by its own hash.
    const styles = index === readerTemplate ? stylesPlan(join(dirname(modulePath), criticalStylesFile), head, log) : null
    return new PageRenderer(
      module,
      target.dataset,
      { head, documentHead: documentHead(head), tail: html.slice(at + root.length) },
      entries,
      pageHeaders(html, security),
      source,
      log,
      cacheBytes,
      styles && { plan: styles, headersFor: (css) => pageHeaders(html.replace(`<style>${styles.whole}</style>`, () => `<style>${css}</style>`), security) },
    )
  }

  /** Reader pages only: the admin area needs the editor's session, which only the browser has. */
  handles(req: IncomingMessage, url: URL): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const path = url.pathname
    // Files (favicon.svg, robots.txt) are the static server's; a dot in a slug is a page.
    return path !== '/admin' && !path.startsWith('/admin/') && !isFilePath(path)
  }

  /**
   * Sends the page, or returns false when it could not be rendered (the caller serves the plain app).
   * `origin` is the site's base the page's absolute addresses start with (PUBLIC_URL, or the origin
   * the request came in on); pages are kept per origin, so a request naming another host never
   * changes the page other readers get.
   */
  async serve(req: IncomingMessage, res: ServerResponse, url: URL, origin: string, client = ''): Promise<boolean> {
    const path = url.pathname + url.search
    const now = new Date()
    const minute = Math.floor(now.getTime() / 60_000)
    const revision = this.source.revision(this.dataset)
    const key = `${revision ?? 'asked'}\u0000${minute}\u0000${path}`
    const cacheKey = `${origin}\u0000${path}`
    let page = this.cache.get(cacheKey)
    const current = page !== undefined && page.key === key && (revision !== null || (await this.stillAnswers(page.reads, client)))
    if (!page || !current) {
      try {
        page = await this.render(path, origin, key, now, null, client)
      } catch (error) {
        this.log(`Could not render ${path} on the server; the browser will: ${error instanceof Error ? error.stack : String(error)}`)
        return false
      }
      if (!page.failed) this.cache.set(cacheKey, page)
    }
    sendEncoded(req, res, page.status, page.headers, page.body, page.tag)
    return true
  }

  /**
   * Whether every query a kept page was made from still gets the same answer. For a source whose
   * changes this process cannot see (the render tier's Content Lake over HTTP): asking again costs a
   * few cached answers from the source, rendering again costs the whole page, and the same answers
   * make the same page. Asked at every request, so a page is never older than its source, and a purge
   * at the edge is never answered with what it purged.
   */
  private async stillAnswers(reads: Read[], client: string): Promise<boolean> {
    try {
      const answers = await Promise.all(reads.map((read) => this.source.query(read.query, read.params, read.dataset, client)))
      return answers.every((answer, i) => answerHash(answer) === reads[i]!.hash)
    } catch {
      return false
    }
  }

  /**
   * A reader form's page rendered again with a submission it could not take (what was typed, what to
   * fix), answering the form's POST with `status`. Never cached: it holds one reader's words.
   */
  async serveSubmission(req: IncomingMessage, res: ServerResponse, path: string, origin: string, status: number, submission: FormSubmission): Promise<boolean> {
    let page: Cached
    try {
      page = await this.render(path, origin, '', new Date(), submission)
    } catch (error) {
      this.log(`Could not render ${path} with a form submission: ${error instanceof Error ? error.stack : String(error)}`)
      return false
    }
    const { [surrogateKeyHeader]: _keys, ...headers } = page.headers
    sendEncoded(req, res, status, { ...headers, 'Cache-Control': privateCacheControl }, page.body)
    return true
  }

  /**
   * The page's HTML. A document (docs/decisions/031-islands.md) ends with its own module scripts only,
   * listed in the template's module loader, which adds them once the page has loaded (a template
   * without the loader, from an older build, gets them as module scripts); a page the whole app takes
   * over carries index.html's app and the data it was rendered with.
   */
  private document(page: RenderedPage): { html: string; headers: Record<string, string> } {
    const scripts = page.scripts && this.entries ? page.scripts.map((name) => this.entries!.get(name)) : null
    if (scripts && scripts.every((src) => src !== undefined)) {
      let head = this.template.documentHead
      let headers = this.headers
      if (this.styles) {
        // A document's own markup is all its first paint shows (a page the whole app takes over
        // renders more in the browser, and keeps every inlined rule).
        const css = stylesFor(this.styles.plan, classNamesIn(`${head}${page.head}${page.html}${this.template.tail}`))
        head = head.replace(`<style>${this.styles.plan.whole}</style>`, () => `<style>${css}</style>`)
        headers = { ...this.headers, ...this.styles.headersFor(css) }
      }
      const start = `${head.replace('</head>', `${page.head}</head>`)}<div id="root">${page.html}</div>`
      const loader = `<script ${moduleListAttribute}="">`
      if (this.template.tail.includes(loader)) return { html: `${start}${this.template.tail.replace(loader, `<script ${moduleListAttribute}="${escapeAttribute(scripts.join(' '))}">`)}`, headers }
      return { html: `${start}${scripts.map((src) => `<script type="module" src="${src}"></script>`).join('')}${this.template.tail}`, headers }
    }
    const data = `<script type="application/json" id="${pageDataElementId}">${page.pageData}</script>`
    return { html: `${this.template.head.replace('</head>', `${page.head}</head>`)}<div id="root">${page.html}</div>${data}${this.template.tail}`, headers: this.headers }
  }

  private async render(path: string, origin: string, key: string, now: Date, submission: FormSubmission | null = null, client = ''): Promise<Cached> {
    const reads: Read[] = []
    let failed = false
    const page = await this.module.renderPage(
      path,
      async (query, params, dataset) => {
        const answer = await this.source.query(query, params, dataset, client).catch((error: unknown) => {
          failed = true
          throw error
        })
        reads.push({ query, params, dataset, hash: answerHash(answer) })
        return answer
      },
      { origin, now, submission, dataset: this.dataset, ...(this.source.search ? { search: (search: PageSearch, dataset: string) => this.source.search!(search, dataset, client) } : {}) },
    )
    const keys = (page.keys ?? []).join(' ')
    const rendered = page.redirect ? null : this.document(page)
    // A page rendered without a query's answer says so to readers; to a crawler or a cache it is a
    // 503 to ask again for, never a homepage without its news to index.
    const status = failed && page.status < 400 && !page.redirect ? 503 : page.status
    const common = {
      ...(rendered?.headers ?? this.headers),
      'Cache-Control': status >= 500 || failed ? privateCacheControl : pageCacheControl,
      ...(status === 503 && failed ? { 'Retry-After': String(failedPageRetrySeconds) } : {}),
      ...(keys ? { [surrogateKeyHeader]: keys } : {}),
    }
    if (page.redirect) {
      const body = Buffer.from(`Redirecting to ${page.redirect}`)
      return { key, status: page.status, headers: { ...common, Location: page.redirect, 'Content-Type': 'text/plain; charset=utf-8' }, body: encode(body), tag: etagOf(body), reads, failed }
    }
    const body = Buffer.from(rendered!.html)
    return { key, status, headers: { ...common, 'Content-Type': 'text/html; charset=utf-8' }, body: encode(body), tag: etagOf(body), reads, failed }
  }
}
