import { describe, expect, it } from 'vitest'
import { absoluteUrl, siteOrigin } from './site.ts'

describe('siteOrigin', () => {
  it('keeps an http or https origin, without a trailing slash', () => {
    expect(siteOrigin('https://resonance.example')).toBe('https://resonance.example')
    expect(siteOrigin('https://resonance.example/')).toBe('https://resonance.example')
    expect(siteOrigin('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000')
    expect(siteOrigin('HTTPS://Resonance.Example:443')).toBe('https://resonance.example')
  })

  it('keeps the path of a site served below one (as the feeds do)', () => {
    expect(siteOrigin('https://example.com/news/')).toBe('https://example.com/news')
  })

  it('falls back for anything that is not an http(s) address', () => {
    for (const bad of ['', null, undefined, 'resonance.example', 'javascript://x', 'ftp://resonance.example', 'http://user:pw@resonance.example', 'http://bad host']) {
      expect(siteOrigin(bad), String(bad)).toBe('http://localhost')
    }
    expect(siteOrigin('nope', 'https://fallback.example')).toBe('https://fallback.example')
  })
})

describe('absoluteUrl', () => {
  it('puts a path on the site, and leaves an address that is already absolute alone', () => {
    expect(absoluteUrl('https://resonance.example', '/article/x')).toBe('https://resonance.example/article/x')
    expect(absoluteUrl('https://resonance.example', 'logo.png')).toBe('https://resonance.example/logo.png')
    expect(absoluteUrl('https://resonance.example', 'https://cdn.sanity.io/images/p/d/a.jpg')).toBe('https://cdn.sanity.io/images/p/d/a.jpg')
  })
})
