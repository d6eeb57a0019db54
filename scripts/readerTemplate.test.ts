import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { inlineHashes } from '../server/pages/headers.ts'
import { moduleLoader, moduleLoaderElement } from './pageLoaders.ts'
import { readerTemplate } from './readerTemplate.ts'

// The shape Vite writes (dist/index.html) and a stylesheet with a reader's rules and others.
const index = `<!doctype html>
<html lang="en-GB">
  <head>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <title>Resonance</title>
    <noscript><style>.connection-status{visibility:hidden}</style></noscript>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/style-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`
const stylesheet = `.headline{font-size:2rem}.admin-toolbar{display:flex}@media (max-width:600px){.headline{font-size:1.5rem}.admin-toolbar{display:block}}.headline:hover{color:red}`

const dist = mkdtempSync(join(tmpdir(), 'reader-template-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'assets', 'style-abc.css'), stylesheet)
const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><text x="16" y="23">R</text></svg>'
writeFileSync(join(dist, 'favicon.svg'), `${icon}\n`)
afterAll(() => rmSync(dist, { recursive: true, force: true }))

describe('the reader pages’ template', async () => {
  const template = await readerTemplate(index, ['<main id="main"><h1 class="headline">Thames Barrier closes</h1></main>'], dist)
  const head = template.slice(0, template.indexOf('</head>'))
  const inlined = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1])

  it('inlines the rules the reader pages use, media queries and states included, and only those', () => {
    expect(inlined).toEqual(['.connection-status{visibility:hidden}', '.headline{font-size:2rem}@media (max-width:600px){.headline{font-size:1.5rem}}.headline:hover{color:red}'])
  })

  it('loads the whole stylesheet once the page has loaded, never blocking the first paint, and plainly without JavaScript', () => {
    expect(head).not.toMatch(/<link rel="stylesheet"[^>]*>(?!<\/noscript>)/)
    // Asked for once the page has loaded, not beside the document: no preload.
    expect(head).not.toContain('rel="preload"')
    expect(head).toContain('<noscript><link rel="stylesheet" href="/assets/style-abc.css"></noscript>')
    expect(head).toMatch(/<script data-href="\/assets\/style-abc.css" data-media="all">[^<]*addEventListener\('load'[^<]*<\/script>/)
  })

  it('keeps an empty root for the pages and none of the markup it read, and ends with the module loader', () => {
    expect(template).toContain(`<body>\n    <div id="root"></div>\n  ${moduleLoaderElement}</body>`)
    expect(template).not.toContain('Thames Barrier')
    expect(template).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
  })

  it('adds the module scripts once the page has loaded and painted, or at the first key or press, and none when it lists none', () => {
    expect(moduleLoaderElement).toBe(`<script data-modules="">${moduleLoader}</script>`)
    expect(() => new Function(moduleLoader)).not.toThrow()
    expect(template).not.toMatch(/<script\b[^>]*>[^<]*[<>][^<]*<\/script>/)
    expect(moduleLoader).toContain("addEventListener('load'")
    expect(moduleLoader).toContain("'largest-contentful-paint'")
    expect(moduleLoader).toMatch(/\['pointerdown','keydown','focusin','submit'\]/)
    expect(moduleLoader).toContain("if(!m.length)return")
  })

  it('asks the browser to paint nothing before the main content is parsed, so no header is painted half-parsed', () => {
    expect(head).toContain('<link rel="expect" href="#main" blocking="render">')
    expect(template.indexOf('<link rel="expect"')).toBeLessThan(template.indexOf('</head>'))
  })

  it('refuses a reader page without the main content the first paint waits for', async () => {
    await expect(readerTemplate(index, ['<main id="main"></main>', '<main><h1>No id</h1></main>'], dist)).rejects.toThrow('Reader page 2 has no <main id="main">')
  })

  it('carries the site icon in the page instead of asking for it', () => {
    expect(head).toContain(`<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(icon)}" type="image/svg+xml">`)
    expect(head).not.toContain('/favicon.svg')
  })

  it('holds nothing the policy cannot allow by hash: no event handler attributes, no style attributes', () => {
    // The policy (server/pages/headers.ts) hashes inline <style> and <script> elements; an onload
    // attribute would need 'unsafe-hashes', a style attribute 'unsafe-inline'.
    expect(template).not.toMatch(/<[^>]+\son[a-z]+=/i)
    expect(template).not.toMatch(/<[^>]+\sstyle=/i)
    expect(inlineHashes(template).styles).toHaveLength(inlined.length)
  })

  it('refuses an index.html without a root to render into', async () => {
    await expect(readerTemplate('<html><body></body></html>', ['<p></p>'], dist)).rejects.toThrow('no <div id="root"></div>')
  })
})
