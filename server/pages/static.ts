// The built reader and admin app (Vite's dist/), with history fallback for client-side routes.
// Files are read once and kept with their Brotli and gzip copies: the build writes them beside each
// file (scripts/precompress.mjs, Brotli at quality 11); a file without them is compressed here once.
// The bundle is small and never changes while the process runs.

import type { IncomingMessage, ServerResponse } from 'node:http'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize, sep } from 'node:path'
import { httpError } from '../errors.ts'
import { compressMinBytes, encode, etagOf, sendEncoded, type Encoded } from './encoding.ts'
import { defaultSecurityOptions, pageHeaders, type SecurityOptions } from './headers.ts'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
}

/**
 * Whether a path names a file (a built asset, or anything with a file type's extension) rather than
 * a page of the app. A missing file is a real 404, never the app.
 */
export function isFilePath(pathname: string): boolean {
  return pathname.startsWith('/assets/') || extname(pathname).toLowerCase() in types
}

/**
 * What the admin's pages say in a browser without JavaScript. The admin is an app the browser
 * runs (it needs the editor's session, which only the browser has), so its page is otherwise blank.
 * Inside <noscript>, so nobody with JavaScript sees it; before the app's root, which React replaces.
 */
const adminNeedsJavaScript =
  '<noscript><main class="noscript-notice"><h1>The admin needs JavaScript</h1>' +
  '<p>Resonance’s admin runs in your browser. Turn JavaScript on for this site, then reload the page.</p>' +
  '<p><a href="/">Read the newspaper</a>, which works without it.</p></main></noscript>'

/** The admin area's paths; server/pages/render.ts leaves them to the browser. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/')
}

interface Entry {
  body: Encoded
  /** A strong validator, for a 304 when the browser has the file already. */
  tag: string
  type: string
  /** A page's security headers (CSP and the rest); other files need only nosniff. */
  headers: Record<string, string>
}

export class StaticFiles {
  private readonly root: string
  private readonly entries = new Map<string, Entry>()
  private adminShell: Entry | null = null

  constructor(
    root: string,
    private readonly security: SecurityOptions = defaultSecurityOptions,
  ) {
    this.root = normalize(root)
  }

  static exists(root: string): boolean {
    return existsSync(join(root, 'index.html'))
  }

  /** index.html with the admin's no-JavaScript notice, made once. */
  private adminPage(index: Entry): Entry {
    if (this.adminShell) return this.adminShell
    const html = index.body.plain.toString('utf8')
    const at = html.search(/<div id="root">/)
    const body = Buffer.from(at < 0 ? html : html.slice(0, at) + adminNeedsJavaScript + html.slice(at))
    this.adminShell = { ...index, body: encode(body), tag: etagOf(body) }
    return this.adminShell
  }

  private load(path: string): Entry | null {
    const hit = this.entries.get(path)
    if (hit) return hit
    if (!existsSync(path) || !statSync(path).isFile()) return null
    const plain = readFileSync(path)
    const type = types[extname(path)] ?? 'application/octet-stream'
    const compressible = /^(text\/|application\/(json|manifest)|image\/svg)/.test(type) && plain.length >= compressMinBytes
    const headers = type.startsWith('text/html') ? pageHeaders(plain.toString('utf8'), this.security) : { 'X-Content-Type-Options': 'nosniff' }
    const entry = { body: compressible ? withCopies(path, plain) : { plain, gzip: null, br: null }, tag: etagOf(plain), type, headers }
    this.entries.set(path, entry)
    return entry
  }

  serve(req: IncomingMessage, res: ServerResponse, url: URL): void {
    let pathname: string
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      throw httpError(400, 'Malformed URL')
    }
    const candidate = normalize(join(this.root, pathname))
    if (!candidate.startsWith(this.root + sep) && candidate !== this.root) throw httpError(404, 'Not found')
    let entry = pathname.endsWith('/') ? null : this.load(candidate)
    let immutable = pathname.startsWith('/assets/')
    if (!entry) {
      // A missing asset or file is a real 404; anything else (even /article/a.b, whose "extension"
      // is part of a slug) is a client-side route, and the app decides what it shows.
      if (isFilePath(pathname)) throw httpError(404, `No file ${pathname}`)
      entry = this.load(join(this.root, 'index.html'))
      immutable = false
      if (!entry) throw httpError(404, 'The app is not built: run npm run build')
      if (isAdminPath(pathname)) entry = this.adminPage(entry)
    }
    sendEncoded(req, res, 200, {
      ...entry.headers,
      'Content-Type': entry.type,
      // The admin's shell is the same for everyone, but the admin is personal: no shared cache keeps it.
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : isAdminPath(pathname) ? 'private, no-store' : 'no-cache',
    }, entry.body, entry.tag)
  }
}

/**
 * The file's compressed copies: those the build wrote beside it when they are current (a copy older
 * than its file is from an earlier build), else made here.
 */
function withCopies(path: string, plain: Buffer): Encoded {
  const built = (suffix: string): Buffer | null => {
    const copy = path + suffix
    return existsSync(copy) && statSync(copy).mtimeMs >= statSync(path).mtimeMs ? readFileSync(copy) : null
  }
  const br = built('.br')
  const gzip = built('.gz')
  if (br && gzip) return { plain, br, gzip }
  const made = encode(plain)
  return { plain, br: br ?? made.br, gzip: gzip ?? made.gzip }
}
