// The few rules every feed and sitemap must keep to be XML at all: text and attribute values escaped,
// and the characters XML 1.0 forbids (most control characters, lone surrogates, U+FFFE/U+FFFF)
// dropped, since a single one makes a feed reader reject the whole document. Written out here rather
// than through a builder library because the documents are flat lists the modules spell out.

/** Every character XML 1.0 does not allow in a document, in any position. */
const forbidden = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** Text or an attribute value, safe inside an element or inside double or single quotes. */
export function escapeXml(value: unknown): string {
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)
  return text
    .replace(forbidden, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** `<name attr="...">text</name>`, or nothing when there is no text to say. */
export function element(name: string, text: unknown, attributes: Record<string, string | number> = {}): string {
  if (text === null || text === undefined || text === '') return ''
  return `<${name}${attributesOf(attributes)}>${escapeXml(text)}</${name}>`
}

/** `<name attr="..."/>`. */
export function emptyElement(name: string, attributes: Record<string, string | number>): string {
  return `<${name}${attributesOf(attributes)}/>`
}

function attributesOf(attributes: Record<string, string | number>): string {
  return Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('')
}

export const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8"?>\n'
