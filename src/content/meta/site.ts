// What every page's share card and structured data say about the paper itself, and the rule for
// absolute addresses. Link previews and search engines need absolute URLs, so every page is given
// the site's base: PUBLIC_URL, or the origin the page was requested on (the service passes it to
// the render, and the page data carries it to the browser, so both render the same head).

export const site = {
  name: 'Resonance',
  locale: 'en_GB',
  language: 'en-GB',
  /** A raster logo, as search engines want for a publisher; public/logo.png. */
  logo: { path: '/logo.png', width: 512, height: 512 },
  /** The card of pages with no picture of their own (the homepage, listings): public/share-card.png. */
  shareCard: { path: '/share-card.png', width: 1200, height: 630, alt: 'Resonance, London Edition' },
} as const

/** The size link previews show a large card at. */
export const cardImageSize = { width: 1200, height: 630 } as const

/**
 * The site's base from a configured or requested origin: http or https only, without a trailing
 * slash. Anything else (a forged Host header, a bad setting) falls back to `fallback`, so no
 * request can put another scheme into a page's links.
 */
export function siteOrigin(raw: string | null | undefined, fallback = 'http://localhost'): string {
  if (raw) {
    try {
      const url = new URL(raw)
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '') {
        return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
      }
    } catch {
      // Not a URL: the fallback below.
    }
  }
  return fallback
}

/** `path` (or an address that is already absolute, such as a hosted project's image) on the site. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`
}
