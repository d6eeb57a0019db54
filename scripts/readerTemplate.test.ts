import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { inlineHashes } from '../server/pages/headers.ts'
import { readerTemplate } from './readerTemplate.ts'

// The shape Vite writes (dist/index.html) and a stylesheet with a reader's rules and others.
const index = `<!doctype html>
<html lang="en-GB">
  <head>
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
afterAll(() => rmSync(dist, { recursive: true, force: true }))

describe('the reader pages’ template', async () => {
  const template = await readerTemplate(index, ['<main><h1 class="headline">Thames Barrier closes</h1></main>'], dist)
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

  it('keeps an empty root for the pages and none of the markup it read', () => {
    expect(template).toContain('<body>\n    <div id="root"></div>\n  </body>')
    expect(template).not.toContain('Thames Barrier')
    expect(template).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
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
