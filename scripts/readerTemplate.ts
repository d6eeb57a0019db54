// The document every reader page is rendered into (dist-server/reader.html), made by the build from
// the app's index.html: the styles the reader pages use inlined in its head, so a page paints with
// its first response, and the whole stylesheet loaded once the page has (Beasties, then afterLoad).
// The admin keeps index.html, with its stylesheet as a plain, blocking link: it is rendered in the
// browser, after the stylesheet, anyway. docs/decisions/030-critical-css.md.

import Beasties from 'beasties'

/** Where the template's root is; the renderer puts each page's markup inside it. */
export const rootElement = '<div id="root"></div>'

// The sample pages' markup sits between these while Beasties reads the document, and is cut out after.
const samplesStart = '<!--reader-samples-->'
const samplesEnd = '<!--/reader-samples-->'

/**
 * The whole stylesheet is asked for once the page has loaded, not at once: the first paint needs only
 * the inlined rules, and a request begun with the page (Beasties' preload and loader) shares the
 * connection with the document and the page's largest picture, so it sits on the largest paint's
 * path. What the whole stylesheet adds (a state after a reader's action, a page kind not sampled)
 * shows once it has arrived. It is added as print and switched on when loaded, so it never blocks
 * a paint. The text is the same on every page, so the policy allows it by hash.
 */
const loader =
  "(function(s){function add(){var l=document.createElement('link');l.rel='stylesheet';l.media='print';l.onload=function(){l.media=s.dataset.media};l.href=s.dataset.href;document.head.appendChild(l)}" +
  "document.readyState==='complete'?add():addEventListener('load',add,{once:true})})(document.currentScript)"

function afterLoad(html: string): string {
  const loaders = /(<script data-href="([^"]+)" data-media="[^"]*">)[^<]*\$loadcss[^<]*(<\/script>)/g
  const hrefs = [...html.matchAll(loaders)].map((m) => m[2]!)
  if (hrefs.length === 0) throw new Error("Beasties wrote no stylesheet loader to defer until the page's load")
  return hrefs
    .reduce((page, href) => page.replace(`<link rel="preload" href="${href}" as="style">`, ''), html)
    .replace(loaders, (_, open: string, _href: string, close: string) => `${open}${loader}${close}`)
}

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
  const output = afterLoad(await beasties.process(input))
  const start = output.indexOf(samplesStart)
  const end = output.indexOf(samplesEnd)
  if (start < 0 || end < start || !output.includes(rootElement)) throw new Error('The reader template lost its root while its critical styles were inlined')
  return (output.slice(0, start) + output.slice(end + samplesEnd.length)).replace(' data-beasties-container', '')
}
