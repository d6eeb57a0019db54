import { describe, expect, it } from 'vitest'
import { contentOrigins, documentHeaders, inlineHashes, pageDirectives, pageHeaders, serialisePolicy, storybookDirectives, storybookHeaders } from './headers.ts'

// The shape Vite writes (dist/index.html), with an inline script and a data block added.
const template = `<!doctype html>
<html lang="en-GB">
  <head>
    <noscript><style>.connection-status{visibility:hidden}</style></noscript>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <script>window.ready = true</script>
    <script type="application/json" id="resonance-page-data">{"renderedAt":"2026-01-01T00:00:00.000Z"}</script>
    <script type="application/ld+json">{"@type":"NewsArticle"}</script>
  </head>
  <body><div id="root"></div></body>
</html>`

// sha256 of the texts, in base64: `.connection-status{visibility:hidden}` and `window.ready = true`.
const noscriptStyle = "'sha256-wUqj0luzMwL/9tRcgoLe/5z1XOTMgSwTLtStmd/owHo='"
const readyScript = "'sha256-TQBF5LtJ7ne5WHb5OF8WklQRjFbdzSf8wUiCLaVfb2M='"

function parse(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]))
}

describe('inline hashes', () => {
  it('hashes inline scripts and styles, and leaves external scripts and data blocks out', () => {
    expect(inlineHashes(template)).toEqual({ scripts: [readyScript], styles: [noscriptStyle] })
  })

  it('counts module scripts and import maps as scripts, whatever the attributes’ quoting', () => {
    const html = `<script type=module></script><script TYPE='importmap'></script><script type="text/javascript"></script><script type="text/plain">x</script>`
    // All three executable ones are empty: one hash, the empty string's.
    expect(inlineHashes(html).scripts).toEqual(["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"])
  })
})

describe('the pages’ policy', () => {
  const policy = parse(serialisePolicy(pageDirectives(template, {})))

  it('runs only this origin’s scripts and the build’s own inline ones', () => {
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('script-src')).toEqual(["'self'", readyScript])
    expect(policy.get('style-src')).toEqual(["'self'", noscriptStyle])
    expect([...policy.values()].flat()).not.toContain("'unsafe-inline'")
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'")
  })

  it('shuts plugins, base and form targets, and framing', () => {
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
  })

  it('talks to and shows images from this origin alone when the app reads content from it', () => {
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('img-src')).toEqual(["'self'", 'data:'])
  })

  it('allows the API host the app was built for, for requests, the listen stream and images', () => {
    const other = parse(serialisePolicy(pageDirectives(template, { VITE_SANITY_API_HOST: 'https://content.example:8443/' })))
    expect(other.get('connect-src')).toEqual(["'self'", 'https://content.example:8443'])
    expect(other.get('img-src')).toEqual(["'self'", 'data:', 'https://content.example:8443'])
    // A newsletter's preview, framed by the admin from the service.
    expect(other.get('frame-src')).toEqual(["'self'", 'https://content.example:8443'])
  })

  it('allows a hosted Sanity project’s API and image CDN', () => {
    expect(contentOrigins({ VITE_SANITY_PROJECT_ID: 'abc123' })).toEqual({ api: ['https://abc123.api.sanity.io'], images: ['https://cdn.sanity.io'] })
    expect(contentOrigins({})).toEqual({ api: [], images: [] })
  })
})

describe('the other headers', () => {
  it('sets the referrer, permissions, sniffing and opener policies on every page', () => {
    const headers = pageHeaders(template, { publicUrl: null, content: {} })
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin')
    expect(headers['X-Frame-Options']).toBe('DENY')
    const features = headers['Permissions-Policy']!.split(', ')
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(features).toContain(`${feature}=()`)
    expect(headers['Content-Security-Policy']).toBe(serialisePolicy(pageDirectives(template, {})))
  })

  it('asks for HTTPS only when the public URL is https', () => {
    expect(documentHeaders(null)).not.toHaveProperty('Strict-Transport-Security')
    expect(documentHeaders('http://news.example')).not.toHaveProperty('Strict-Transport-Security')
    expect(documentHeaders('https://news.example')['Strict-Transport-Security']).toBe('max-age=31536000')
  })
})

describe('Storybook’s policy', () => {
  it('keeps scripts to the pages’ rule, allows inline styles, and lets Storybook frame itself only', () => {
    const pages = parse(serialisePolicy(pageDirectives(template, {})))
    const storybook = parse(serialisePolicy(storybookDirectives(template, {})))
    expect(storybook.get('script-src')).toEqual(pages.get('script-src'))
    expect(storybook.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(storybook.get('frame-ancestors')).toEqual(["'self'"])
    expect(storybook.get('object-src')).toEqual(["'none'"])
    expect(storybookHeaders(template, { publicUrl: null, content: {} })['X-Frame-Options']).toBe('SAMEORIGIN')
  })
})
