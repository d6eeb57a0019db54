// Text from the content service is shown as text, by the app's pages and by the service's feeds
// (server/feeds) alike, so an excerpt reads the same in a feed reader as on the page. Excerpts may
// hold HTML (the spec's "rich or HTML text"), so tags and their attributes are stripped and
// character references decoded, leaving only what a reader should read.

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', hellip: '…', pound: '£', euro: '€' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return named[ref.toLowerCase()] ?? whole
  })
}

/** Strips every HTML tag (with its attributes), script and style content, and decodes entities. */
export function cleanText(value: unknown): string {
  if (typeof value !== 'string') return ''
  const withoutBlocks = value.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
  const withoutComments = withoutBlocks.replace(/<!--[\s\S]*?-->/g, ' ')
  const withoutTags = withoutComments.replace(/<\/?[a-z][^>]*>/gi, (tag) => (/^<\/?(p|br|div|li|h[1-6])\b/i.test(tag) ? ' ' : ''))
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim()
}
