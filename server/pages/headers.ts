// The browser hardening headers every page of the app is sent with: reader pages rendered by
// server/pages/render.ts and the admin and other routes sent as index.html by server/pages/static.ts. One policy
// for all of them, so a page type cannot drift from the others.
//
// The policy is derived from the built index.html at start: an inline script or style the build
// writes into it is allowed by its sha256 hash, never by 'unsafe-inline', so markup injected
// through content cannot run or restyle the page.

import { createHash } from 'node:crypto'
import { contentConfig, type ContentEnv } from '../../shared/contentConfig.ts'

export interface SecurityOptions {
  /** `PUBLIC_URL`: the site answers on https only when this says so, and only then is HSTS sent. */
  publicUrl: string | null
  /**
   * The VITE_SANITY_* settings the app was built with. The service reads them too, because the app
   * fetches (and listens, over EventSource) from the API host they name, and loads images from there.
   */
  content: ContentEnv
}

export type Directives = Record<string, string[]>

/** The sha256 sources of the inline scripts and styles of an HTML document. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = []
  const styles: string[] = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = m[1]!
    // An external script is allowed by its origin, and a data block (the page data, JSON) never runs.
    if (/\bsrc\s*=/i.test(attributes) || !executable(attributes)) continue
    scripts.push(sha256Source(m[2]!))
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) styles.push(sha256Source(m[1]!))
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] }
}

function executable(attributes: string): boolean {
  const type = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes)
  if (!type) return true
  const value = (type[1] ?? type[2] ?? type[3] ?? '').trim().toLowerCase()
  // Import maps and speculation rules are inline scripts as far as CSP is concerned.
  return value === '' || value === 'module' || value === 'importmap' || value === 'speculationrules' || /(java|ecma|j|live)script/.test(value)
}

function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/** The origins other than this one the built app talks to: its API (and listen stream) and its images. */
export function contentOrigins(env: ContentEnv): { api: string[]; images: string[] } {
  const config = contentConfig(env, '')
  if (config.apiHost === null) {
    // A hosted Sanity project: @sanity/client calls the project's own API host (useCdn is off).
    return { api: [`https://${config.projectId}.api.sanity.io`], images: [config.imageBaseUrl] }
  }
  const origin = (url: string) => (url === '' ? [] : [new URL(url).origin])
  return { api: origin(config.apiHost), images: origin(config.imageBaseUrl) }
}

/** The Content-Security-Policy of the app's pages, reader and admin alike. */
export function pageDirectives(html: string, content: ContentEnv): Directives {
  const inline = inlineHashes(html)
  const origins = contentOrigins(content)
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inline.scripts],
    // No inline styles, so no 'unsafe-inline' and no style-src-attr: the app styles with its one
    // built stylesheet and renders no style attribute on the server; the styles Radix and ProseMirror
    // set in the browser go through the CSSOM, which CSP does not govern; and the editor's base CSS
    // is in that stylesheet instead of the <style> TipTap would inject (RichTextEditor.tsx). The
    // hashes are the build's own inline <style>s (the no-JavaScript rule in <noscript>).
    'style-src': ["'self'", ...inline.styles],
    // data: for the editor's and browsers' small inline images; no blob: (nothing makes object URLs).
    'img-src': ["'self'", 'data:', ...origins.images],
    // Video files come from where pictures do (the asset CDN; src/content/article/video.ts).
    'media-src': ["'self'", ...origins.images],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...origins.api],
    // The admin frames a newsletter's preview from the content service (server/http/newsletters.ts), which may be the API host.
    'frame-src': ["'self'", ...origins.api],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // No page of the newspaper or its admin is meant to be shown inside another site: framing the
    // admin would allow clickjacking an editor's session, and no reader page is embeddable either.
    'frame-ancestors': ["'none'"],
  }
}

export function serialisePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ')
}

/** Browser features no page uses; denied so that neither the app nor anything injected into it can ask. */
const deniedFeatures = ['accelerometer', 'autoplay', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'hid', 'magnetometer', 'microphone', 'midi', 'payment', 'serial', 'usb', 'browsing-topics']

/** Everything but the CSP: the same for every document, whatever its policy. */
export function documentHeaders(publicUrl: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': deniedFeatures.map((feature) => `${feature}=()`).join(', '),
    'X-Content-Type-Options': 'nosniff',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
  // Over plain http the header is ignored, and a local `npm start` must stay reachable on http, so
  // it is only sent when the site says it is served over https. No includeSubDomains: the service
  // cannot know what else runs under its domain.
  if (publicUrl && new URL(publicUrl).protocol === 'https:') headers['Strict-Transport-Security'] = 'max-age=31536000'
  return headers
}

/** The headers of a page of the app built from `html` (the template, or index.html itself). */
export function pageHeaders(html: string, options: SecurityOptions): Record<string, string> {
  return { ...documentHeaders(options.publicUrl), 'Content-Security-Policy': serialisePolicy(pageDirectives(html, options.content)) }
}

/**
 * Storybook's policy, for whatever serves storybook-static/ (a designers' tool, never served to
 * readers). Its scripts are held to the pages' rule, inline ones allowed by hash. Its styles are not:
 * the manager styles itself with emotion and the preview writes <style> elements and style
 * attributes at run time, none of which a hash can name, so styles are allowed inline. Injected
 * styles can restyle a page but run nothing. The manager shows each story in an iframe of its own
 * origin's iframe.html, so Storybook may frame itself, and nothing else may frame it.
 */
export function storybookDirectives(html: string, content: ContentEnv): Directives {
  // No hashes next to 'unsafe-inline': a hash in the list would turn 'unsafe-inline' off.
  return { ...pageDirectives(html, content), 'style-src': ["'self'", "'unsafe-inline'"], 'frame-ancestors': ["'self'"] }
}

export function storybookHeaders(html: string, options: SecurityOptions): Record<string, string> {
  return {
    ...documentHeaders(options.publicUrl),
    'X-Frame-Options': 'SAMEORIGIN',
    'Content-Security-Policy': serialisePolicy(storybookDirectives(html, options.content)),
  }
}

export const defaultSecurityOptions: SecurityOptions = { publicUrl: null, content: {} }
