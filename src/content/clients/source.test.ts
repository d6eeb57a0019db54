import { describe, expect, it } from 'vitest'
import { browserSource } from './browserSource.ts'
import { queryKey, serialisePageData, type PageData } from './source.ts'

describe('queryKey', () => {
  it('is the same for the same query and parameters in any order, and differs otherwise', () => {
    expect(queryKey('*[slug == $s][0...$n]', { s: 'a', n: 3 })).toBe(queryKey('*[slug == $s][0...$n]', { n: 3, s: 'a' }))
    expect(queryKey('*', {})).toBe(queryKey('*'))
    expect(queryKey('*[slug == $s]', { s: 'a' })).not.toBe(queryKey('*[slug == $s]', { s: 'b' }))
    expect(queryKey('*[a]', {})).not.toBe(queryKey('*[b]', {}))
  })
})

describe('serialisePageData', () => {
  const data: PageData = {
    renderedAt: '2026-11-21T09:00:00.000Z',
    origin: 'https://resonance.example',
    results: { [queryKey('*')]: { title: 'A </script><script>alert(1)</script> & <b>\u2028line</b>' } },
  }

  it('never ends the script element it goes in, nor breaks a line in JavaScript', () => {
    const text = serialisePageData(data)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
  })

  it('reads back as the data it was', () => {
    expect(JSON.parse(serialisePageData(data))).toEqual(data)
  })
})

describe('browserSource', () => {
  it('answers a query the page was rendered with from the page, without a request', async () => {
    const key = queryKey('*[_type == "article"][0...$n]', { n: 2 })
    const source = browserSource({ renderedAt: '2026-11-21T09:00:00.000Z', origin: 'https://resonance.example', results: { [key]: [{ title: 'From the page' }] } })
    await expect(source.fetch('*[_type == "article"][0...$n]', { n: 2 })).resolves.toEqual([{ title: 'From the page' }])
  })
})
