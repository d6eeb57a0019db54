// Links in article bodies and the editor: only web, mail and phone addresses are followed.

const allowed = new Set(['http:', 'https:', 'mailto:', 'tel:'])

/** The address when its scheme is http, https, mailto or tel; otherwise null (never javascript: and the like). */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const href = value.trim()
  if (href === '') return null
  try {
    const url = new URL(href)
    return allowed.has(url.protocol) ? href : null
  } catch {
    return null
  }
}
