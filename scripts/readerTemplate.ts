// The document every reader page is rendered into (dist-server/reader.html), made by the build from
// the app's index.html: the styles the reader pages use inlined in its head, so a page paints with
// its first response, and the whole stylesheet loaded once the page has (Beasties, then afterLoad).
// The admin keeps index.html, with its stylesheet as a plain, blocking link: it is rendered in the
// browser, after the stylesheet, anyway. docs/decisions/030-critical-css.md.

import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import Beasties from 'beasties'
import { moduleLoaderElement, stylesheetLoader } from './pageLoaders.ts'

/** The text of the styles Beasties inlined in the template's head (its other inline style is index.html's own, in <noscript>). */
export function criticalStyle(template: string): string {
  const head = template.slice(0, template.indexOf('</head>'))
  const styles = [...head.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!)
  if (styles.length !== 1) throw new Error(`The reader template has ${styles.length} inlined styles in its head, not one`)
  return styles[0]!
}

/** Where the template's root is; the renderer puts each page's markup inside it. */
export const rootElement = '<div id="root"></div>'

// The sample pages' markup sits between these while Beasties reads the document, and is cut out after.
const samplesStart = '<!--reader-samples-->'
const samplesEnd = '<!--/reader-samples-->'

/**
 * Every reader page's main content (src/routes/__root.tsx renders `<main id="main">`, the skip link's
 * target). The browser is asked to paint nothing until it has parsed it: a document's first paint
 * otherwise comes when its parser first stops, and a page whose parse stopped inside the header (after
 * its inlined styles) painted a header with half its tools, which moved when the rest came (a photo
 * essay's CLS of 0.001 in Lighthouse). The whole document arrives in the first round trip (the
 * README's First load gives each page's size with Brotli), so the wait is the parse alone. A browser
 * without `rel="expect"` ignores the link.
 */
export const mainId = 'main'
const paintWhenMainParsed = `<link rel="expect" href="#${mainId}" blocking="render">`

/** Beasties' stylesheet loader, and its preload, replaced by ours (pageLoaders.ts), which waits for the page to paint. */
function afterLoad(html: string): string {
  const loaders = /(<script data-href="([^"]+)" data-media="[^"]*">)[^<]*\$loadcss[^<]*(<\/script>)/g
  const hrefs = [...html.matchAll(loaders)].map((m) => m[2]!)
  if (hrefs.length === 0) throw new Error("Beasties wrote no stylesheet loader to defer until the page's load")
  return hrefs
    .reduce((page, href) => page.replace(`<link rel="preload" href="${href}" as="style">`, ''), html)
    .replace(loaders, (_, open: string, _href: string, close: string) => `${open}${stylesheetLoader}${close}`)
}

/**
 * The site's icon (a few hundred bytes of SVG) comes in the page as a data: address instead of a
 * request of its own: the browser asks for the icon about when the page first paints, and in
 * Lighthouse's simulation a request that finished before the largest paint is on its path, on a new
 * connection (0.3 s on a photo essay). The policy's img-src allows data:.
 */
function inlineIcon(html: string, distDir: string): string {
  const link = /(<link\b[^>]*\brel="icon"[^>]*\bhref=")(\/[^"]+\.svg)("[^>]*>)/
  const found = link.exec(html)
  if (!found || !existsSync(join(distDir, found[2]!))) return html
  const svg = readFileSync(join(distDir, found[2]!), 'utf8').trim()
  return html.replace(link, (_, open: string, _href: string, close: string) => `${open}data:image/svg+xml,${encodeURIComponent(svg)}${close}`)
}

/**
 * index.html with the rules that match any of `samples` (the markup of rendered reader pages, one
 * of each kind) inlined in a <style> in its head, and its stylesheets loaded by a small inline
 * script instead (a link the script adds never blocks the first paint, and shows once loaded), with
 * a <noscript> link for readers without JavaScript; its head ends by asking the browser to paint
 * nothing before the main content is parsed, and its body ends with the module loader. The inline style and script are the same for
 * every page, so the Content-Security-Policy allows them by hash (server/pages/headers.ts).
 * `distDir` is where the stylesheets' addresses are read from.
 */
export async function readerTemplate(indexHtml: string, samples: string[], distDir: string): Promise<string> {
  if (!indexHtml.includes(rootElement)) throw new Error(`index.html has no ${rootElement} to render reader pages into`)
  if (samples.length === 0) throw new Error('No reader page to take the critical styles from')
  const withoutMain = samples.findIndex((sample) => !sample.includes(`<main id="${mainId}"`))
  if (withoutMain >= 0) throw new Error(`Reader page ${withoutMain + 1} has no <main id="${mainId}"> for the first paint to wait for`)
  const beasties = new Beasties({
    path: distDir,
    publicPath: '/',
    // Loaded by an inline script (hashable: its text is the same on every page) that adds the
    // stylesheet as print and switches it on when it has loaded (its text replaced by afterLoad's).
    // 'media' would need an onload attribute, which the policy cannot allow without 'unsafe-hashes'.
    preload: 'js-lazy',
    noscriptFallback: true,
    // The stylesheet stays whole: it is also the admin's, and whatever a page shows after its first
    // paint (a menu opened, a form's errors, the live feed's states) is styled by it.
    pruneSource: false,
    // index.html's own inline style (in <noscript>) stays as it is and where it is.
    reduceInlineStyles: false,
    mergeStylesheets: false,
    inlineFonts: false,
    preloadFonts: false,
    compress: true,
    logLevel: 'warn',
  })
  const input = indexHtml
    // The build marks its stylesheet crossorigin; the script's link has no such mark, and a preload
    // is only used by a request of the same mode, so the stylesheet (same origin) is asked for plainly.
    .replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (link) => link.replace(/\s+crossorigin(?:="[^"]*")?/, ''))
    .replace(rootElement, `${rootElement}${samplesStart}${samples.join('')}${samplesEnd}`)
  const output = inlineIcon(afterLoad(await beasties.process(input)), distDir)
  const start = output.indexOf(samplesStart)
  const end = output.indexOf(samplesEnd)
  if (start < 0 || end < start || !output.includes(rootElement)) throw new Error('The reader template lost its root while its critical styles were inlined')
  const template = (output.slice(0, start) + output.slice(end + samplesEnd.length)).replace(' data-beasties-container', '')
  const headEnd = template.indexOf('</head>')
  if (headEnd < 0) throw new Error('index.html has no </head> to end with the wait for the main content')
  const waiting = `${template.slice(0, headEnd)}${paintWhenMainParsed}${template.slice(headEnd)}`
  const bodyEnd = waiting.lastIndexOf('</body>')
  if (bodyEnd < 0) throw new Error('index.html has no </body> to end with the module loader')
  return `${waiting.slice(0, bodyEnd)}${moduleLoaderElement}${waiting.slice(bodyEnd)}`
}
