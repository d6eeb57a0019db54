// `npm run build`'s last step (scripts/build.mjs): renders one reader page of each kind over the demo
// newspaper with the app just built, and writes the reader pages' template with the styles they use
// inlined (scripts/readerTemplate.ts) to dist-server/reader.html, where the renderer looks for it.
// Runs the content service itself, on a free port over a throwaway data directory.

import { mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { loadConfig } from '../server/config.ts'
import { startService } from '../server/service.ts'
import { criticalStylesFile } from '../server/pages/criticalStyles.ts'
import { criticalStylesPlan } from './criticalStylesPlan.ts'
import { criticalStyle, readerTemplate, rootElement } from './readerTemplate.ts'
import { withReaderStylesheet } from './readerStylesheet.ts'

const distDir = resolve('dist')
const serverDir = resolve('dist-server')
const output = join(serverDir, 'reader.html')

/** Every kind of reader page, as a reader or a form without JavaScript would ask for it. */
const fixedPages = ['/', '/uk', '/search?q=london', '/search', '/photo-essays', '/video-journal', '/videos', '/archive', '/trending', '/about', '/contact', '/subscribe', '/corrections', '/newsletters?token=none', '/no/such/page']
/** Pages named by the first link of their kind on the homepage and the listings. */
const linkedKinds = ['/article/', '/author/', '/topic/', '/photo-essays/']
/** The forms' answers to an empty submission: the pages with their errors shown. */
const emptySubmissions = ['/contact', '/subscribe']

function rootMarkup(html: string, path: string): string {
  const start = html.indexOf('<div id="root">')
  // The root's markup ends before the page's scripts (a document's islands, or the whole app's data).
  const end = html.lastIndexOf('</div>', html.lastIndexOf('</body>'))
  if (start < 0 || end < start) throw new Error(`${path} did not come back as a rendered reader page`)
  return html.slice(start + '<div id="root">'.length, end)
}

async function main(): Promise<void> {
  rmSync(output, { force: true })
  rmSync(join(serverDir, criticalStylesFile), { force: true })
  const dataDir = mkdtempSync(join(tmpdir(), 'resonance-critical-css-'))
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    SEED: 'demo',
    DATA_DIR: dataDir,
    STATIC_DIR: distDir,
    RENDER_MODULE: join(serverDir, 'entry-server.js'),
    ADMIN_EMAIL: 'build@resonance.invalid',
    ADMIN_PASSWORD: 'the build signs in as no one',
  })
  const service = await startService(config)
  try {
    const base = `http://127.0.0.1:${service.port}`
    const pages = new Map<string, string>()
    const get = async (path: string) => {
      const res = await fetch(base + path)
      pages.set(`GET ${path}`, rootMarkup(await res.text(), path))
    }
    for (const path of fixedPages) await get(path)
    const listed = [...pages.values()].join('')
    // A live blog (its LIVE mark, key events, updates), found by asking the service.
    const liveBlogQuery = encodeURIComponent('*[_type == "article" && isLiveBlog == true && defined(slug.current)] | order(publishedAt desc)[0].slug.current')
    const liveBlog = ((await (await fetch(`${base}/v2023-05-03/data/query/production?query=${liveBlogQuery}`)).json()) as { result: string | null }).result
    if (!liveBlog) throw new Error("The demo newspaper has no live blog to take a live blog page's styles from")
    await get(`/article/${encodeURIComponent(liveBlog)}`)
    for (const kind of linkedKinds) {
      const link = new RegExp(`href="(${kind}[^"/?#]+)"`).exec(listed)?.[1]
      if (!link) throw new Error(`The demo newspaper's pages link to no ${kind} page`)
      await get(link)
    }
    for (const path of emptySubmissions) {
      const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })
      pages.set(`POST ${path}`, rootMarkup(await res.text(), `POST ${path}`))
    }
    // Reader pages load a stylesheet without the admin's rules (scripts/readerStylesheet.ts).
    const samples = [...pages.values()]
    const indexHtml = withReaderStylesheet(readFileSync(join(distDir, 'index.html'), 'utf8'), samples, distDir, resolve('src'))
    const template = await readerTemplate(indexHtml, samples, distDir)
    writeFileSync(output, template)
    const css = [...template.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('')
    // The inlined rules with what each needs: each document is sent only those its markup can use.
    const inlined = criticalStyle(template)
    writeFileSync(join(serverDir, criticalStylesFile), JSON.stringify(criticalStylesPlan(inlined)))
    console.log(`Inlined ${(css.length / 1024).toFixed(1)} KB of CSS (${(brotliCompressSync(css).length / 1024).toFixed(1)} KB Brotli) from ${pages.size} reader pages into ${output.replace(`${resolve('.')}/`, '')}`)
  } finally {
    await service.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  if (!readFileSync(output, 'utf8').includes(rootElement)) throw new Error(`${output} has no root`)
}

await main()
