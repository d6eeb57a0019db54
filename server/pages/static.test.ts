import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fail } from '../http/respond.ts'
import { StaticFiles } from './static.ts'

let dir: string
let server: Server
let base: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'resonance-static-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><body><div id="root"></div></body>')
  writeFileSync(join(dir, 'assets', 'app-1234.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`)
  const files = new StaticFiles(dir)
  server = createServer((req, res) => {
    try {
      files.serve(req, res, new URL(req.url ?? '/', 'http://localhost'))
    } catch (error) {
      fail(res, error)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

describe('StaticFiles', () => {
  it('serves the app for client-side routes, including slugs with a dot', async () => {
    for (const path of ['/', '/uk', '/article/some-slug', '/article/a.b', '/admin/dashboard']) {
      const res = await fetch(`${base}${path}`)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      // The admin is personal: no shared cache keeps even its shell.
      expect(res.headers.get('cache-control'), path).toBe(path.startsWith('/admin') ? 'private, no-store' : 'no-cache')
    }
  })

  it("tells a browser without JavaScript that the admin needs it, on the admin's pages only", async () => {
    for (const path of ['/admin', '/admin/', '/admin/login', '/admin/edit/articles/new']) {
      const html = await (await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } })).text()
      expect(html, path).toContain('<noscript><main class="noscript-notice"><h1>The admin needs JavaScript</h1>')
      // Before the app's root, which the admin's app renders into.
      expect(html.indexOf('<noscript>'), path).toBeLessThan(html.indexOf('<div id="root">'))
    }
    for (const path of ['/', '/uk', '/administration', '/article/admin']) {
      expect(await (await fetch(`${base}${path}`)).text(), path).not.toContain('noscript')
    }
  })

  it('serves hashed assets for a year, gzipped when asked', async () => {
    const res = await fetch(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('immutable')
    const raw = await fetch(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': 'identity' } })
    expect(raw.headers.get('content-encoding')).toBeNull()
    expect(Number(raw.headers.get('content-length'))).toBeGreaterThan(4000)
    // fetch decodes gzip itself; check the encoded bytes with a raw request too.
    const { request } = await import('node:http')
    const bytes = await new Promise<Buffer>((resolve) => {
      request(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
        const chunks: Buffer[] = []
        r.on('data', (c: Buffer) => chunks.push(c))
        r.on('end', () => resolve(Buffer.concat(chunks)))
      }).end()
    })
    expect(gunzipSync(bytes).toString()).toContain('console.log')
  })

  it('answers 404 for missing files and never leaves its folder', async () => {
    for (const path of ['/assets/missing.js', '/favicon.ico', '/robots.txt', '/..%2f..%2fetc%2fpasswd.txt']) {
      const res = await fetch(`${base}${path}`)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type')).toContain('application/json')
    }
  })
})
