// The document every reader page is rendered into (dist-server/reader.html), made by the build from
// the app's index.html: the styles the reader pages use inlined in its head, so a page paints with
// its first response, and the whole stylesheet loaded without blocking that paint (Beasties).
// The admin keeps index.html, with its stylesheet as a plain, blocking link: it is rendered in the
// browser, after the stylesheet, anyway. docs/decisions/030-critical-css.md.

import Beasties from 'beasties'

/** Where the template's root is; the renderer puts each page's markup inside it. */
export const rootElement = '<div id="root"></div>'

// The sample pages' markup sits between these while Beasties reads the document, and is cut out after.
const samplesStart = '<!--reader-samples-->'
const samplesEnd = '<!--/reader-samples-->'

/**
 * index.html with the rules that match any of `samples` (the markup of rendered reader pages, one
 * of each kind) inlined in a <style> in its head, and its stylesheets loaded by a small inline
 * script instead (a link the script adds never blocks the first paint, and shows once loaded), with
 * a <noscript> link for readers without JavaScript. The inline style and script are the same for
 * every page, so the Content-Security-Policy allows them by hash (server/pages/headers.ts).
 * `distDir` is where the stylesheets' addresses are read from.
 */
export async function readerTemplate(indexHtml: string, samples: string[], distDir: string): Promise<string> {
  if (!indexHtml.includes(rootElement)) throw new Error(`index.html has no ${rootElement} to render reader pages into`)
  if (samples.length === 0) throw new Error('No reader page to take the critical styles from')
  const beasties = new Beasties({
    path: distDir,
    publicPath: '/',
    // Loaded by an inline script (hashable: its text is the same on every page) that adds the
    // stylesheet as print and switches it on when it has loaded; the link in the head becomes a
    // preload, so the download still starts at once. 'media' would need an onload attribute, which
    // the policy cannot allow without 'unsafe-hashes'.
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
  const output = await beasties.process(input)
  const start = output.indexOf(samplesStart)
  const end = output.indexOf(samplesEnd)
  if (start < 0 || end < start || !output.includes(rootElement)) throw new Error('The reader template lost its root while its critical styles were inlined')
  return (output.slice(0, start) + output.slice(end + samplesEnd.length)).replace(' data-beasties-container', '')
}
