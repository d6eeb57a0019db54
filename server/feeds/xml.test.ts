import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { element, emptyElement, escapeXml } from './xml.ts'

const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml)

describe('escapeXml', () => {
  it('escapes markup so the text reads back as written, in elements and attributes alike', () => {
    const text = `Fish & Chips <b>now</b> "quoted" it's`
    const xml = `<r>${element('t', text, { a: text })}</r>`
    expect(XMLValidator.validate(xml)).toBe(true)
    expect(parse(xml).r.t).toEqual({ '#text': text, '@a': text })
  })

  it('drops the characters XML 1.0 forbids and keeps tabs, newlines and every other language', () => {
    expect(escapeXml('a\u0000b\u0001c\u000bd\u001fe\ufffef\ud800g')).toBe('abcdefg')
    expect(escapeXml('tab\tline\nfeed\r£ — 日本 😀')).toBe('tab\tline\nfeed\r£ — 日本 😀')
    expect(XMLValidator.validate(`<r>${escapeXml('bell\u0007 here')}</r>`)).toBe(true)
  })

  it('writes nothing for an element with no text, and attributes on an empty element', () => {
    expect(element('t', '')).toBe('')
    expect(element('t', null)).toBe('')
    expect(emptyElement('x', { url: 'https://a.example/?a=1&b=2', w: 3 })).toBe('<x url="https://a.example/?a=1&amp;b=2" w="3"/>')
  })
})
