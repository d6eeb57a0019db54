import { describe, expect, it } from 'vitest'
import { safeHref } from './links.ts'

describe('safeHref', () => {
  it('keeps http, https, mailto and tel addresses', () => {
    for (const ok of ['https://www.tfl.gov.uk/', 'http://example.com/a?b=c', 'mailto:news@resonance.example', 'tel:+442079460000']) {
      expect(safeHref(ok)).toBe(ok)
    }
  })

  it('refuses every other scheme and anything that is not an absolute address', () => {
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>', 'vbscript:x', 'file:///etc/passwd', '/relative', 'not a url', '', null, 3]) {
      expect(safeHref(bad)).toBeNull()
    }
  })
})
