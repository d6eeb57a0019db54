import { describe, expect, it } from 'vitest'
import { cleanText } from './text.ts'

describe('cleanText', () => {
  it('strips tags and attributes and keeps the words', () => {
    expect(cleanText('<p class="x">Fares <strong onclick="evil()">rise</strong> again</p>')).toBe('Fares rise again')
    expect(cleanText('<p>One</p><p>Two</p>')).toBe('One Two')
  })

  it('drops scripts, styles and comments entirely', () => {
    expect(cleanText('Hello<script>alert(1)</script><style>p{}</style><!-- note --> world')).toBe('Hello world')
  })

  it('decodes character references once, so escaped markup stays text', () => {
    expect(cleanText('Fish &amp; chips &pound;5 &#8212; &lt;b&gt;')).toBe('Fish & chips £5 — <b>')
  })

  it('turns anything that is not a string into empty text', () => {
    expect(cleanText(undefined)).toBe('')
    expect(cleanText(null)).toBe('')
    expect(cleanText(12)).toBe('')
  })
})
