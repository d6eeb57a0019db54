// The words the match index holds must be exactly the words groq-js's `match` reads, folded exactly
// as its regular expressions fold case, and an index query must find every text groq-js says
// matches: checked against groq-js itself on random texts and patterns (punctuation, dots, `*`,
// numbers, letters of other scripts, empty strings).

import fc from 'fast-check'
import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { heldWord, matchWords, patternOf, portableTextOf, textQueryOf } from './textMatch.ts'

/** Characters that matter to `match`: its separators, dots, wildcards, digits, cased letters of several scripts. */
const piece = fc.constantFrom(
  ...'aAbBzZ09 .*-!@#$%^&()_,\\/?";:{}|[]+<>\'=~`\t\n'.split(''),
  'é', 'É', 'ß', 'ſ', 'ı', 'İ', 'K', 'σ', 'ς', 'Σ', 'ﬀ', 'ǅ', '中', '😀', '\u00a0', '\u0000', '\u0007', '\ud800', 'london', 'London', 'U.K.', '3.5', 'e.g.', '...', 'strike',
)
const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''))
const pattern = fc.oneof(text, fc.array(text, { maxLength: 3 }), fc.constantFrom(null, 3, ['a', 3], [], ''))

async function groqMatch(value: unknown, by: unknown): Promise<boolean> {
  const result = await (await evaluate(parse('$value match $pattern'), { params: { value, pattern: by } })).get()
  return result === true
}

/**
 * Whether the words held for a text satisfy an index query built for one text letter: the query
 * language the builder writes (quoted words, `*` after a quote for a prefix, AND, OR, brackets),
 * evaluated as FTS5 evaluates it over those words.
 */
function satisfies(query: string, held: Set<string>): boolean {
  const tokens = query.match(/\(|\)|AND|OR|"[^"]*"\*?/g) ?? []
  let at = 0
  const or = (): boolean => {
    let value = and()
    while (tokens[at] === 'OR') {
      at++
      value = and() || value
    }
    return value
  }
  const and = (): boolean => {
    let value = atom()
    while (tokens[at] === 'AND') {
      at++
      value = atom() && value
    }
    return value
  }
  const atom = (): boolean => {
    const token = tokens[at++]!
    if (token === '(') {
      const value = or()
      at++
      return value
    }
    const word = token.replace(/"\*?$/, '').slice(1)
    return token.endsWith('*') ? [...held].some((h) => h.startsWith(word)) : held.has(word)
  }
  return or()
}

describe("the match index's words", () => {
  it('fold case exactly as a regular expression with the i flag compares two code units', () => {
    // Every code unit against every unit its upper or lower case relates it to: where groq-js's
    // regular expression says two match, the index holds one word for both, and where it says they
    // differ, two.
    const related = new Map<string, number[]>()
    const relate = (key: string, unit: number) => related.set(key, [...(related.get(key) ?? []), unit])
    for (let unit = 0; unit < 65536; unit++) {
      const char = String.fromCharCode(unit)
      relate(`u${char.toUpperCase()}`, unit)
      relate(`l${char.toLowerCase()}`, unit)
    }
    let compared = 0
    for (let unit = 0; unit < 65536; unit++) {
      const char = String.fromCharCode(unit)
      if (/[.*\\^$+?()[\]{}|/]/.test(char)) continue
      const others = new Set([...(related.get(`u${char.toUpperCase()}`) ?? []), ...(related.get(`l${char.toLowerCase()}`) ?? [])])
      // A unit no case relates to another is one word alone, however it is folded.
      if (others.size === 1) continue
      const re = new RegExp(`^${char}$`, 'i')
      for (const other of others) {
        const otherChar = String.fromCharCode(other)
        expect(heldWord('t', otherChar) === heldWord('t', char), `${unit.toString(16)} ~ ${other.toString(16)}`).toBe(re.test(otherChar))
        compared++
      }
    }
    expect(compared).toBeGreaterThan(2_000)
    // Thousands of regular expressions: a second or two on a busy two-core machine, a limit, not a target.
  }, 60_000)

  it('are the words groq-js matches a pattern word against', async () => {
    await fc.assert(
      fc.asyncProperty(text, text, async (value, word) => {
        // A one-word pattern without wildcards matches exactly when one of the text's words equals it, folded.
        const words = patternOf(word)
        if (words === null || words.length !== 1 || /[*.]/.test(words[0]!) || words[0]!.length >= 48) return
        const held = matchWords(value).map((w) => heldWord('t', w))
        expect(held.includes(heldWord('t', words[0]!))).toBe(await groqMatch(value, word))
      }),
      { numRuns: 2_000 },
    )
  }, 60_000)

  it('give a query that finds every text groq-js says a pattern matches', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(text, fc.array(text, { maxLength: 3 }), fc.constantFrom(null, 7)), pattern, async (value, by) => {
        const found = textQueryOf(parse('title match $pattern', { params: { pattern: by } }), { pattern: by })
        const matches = await groqMatch(value, by)
        if (found === null) return
        if (found.query === null) {
          expect(matches).toBe(false)
          return
        }
        const texts = typeof value === 'string' ? [value] : Array.isArray(value) ? value : []
        // As the index holds them: each word with its count after an `x` (any count will do here).
        const held = new Set(texts.flatMap((t) => matchWords(t)).map((w) => `${heldWord('t', w)}x1`))
        if (matches) expect(satisfies(found.query, held)).toBe(true)
      }),
      { numRuns: 3_000 },
    )
  }, 60_000)

  it('are the only thing a pattern puts in an index query: quotes, operators, column names and control characters are never its syntax', () => {
    const hostile = fc.constantFrom('"', "'", '*', '-', '+', '^', ':', 'title:', '{title}:', 'AND', 'OR', 'NOT', 'NEAR', 'NEAR(', '(', ')', '[', ']', '{', '}', '\u0000', '\u0007', '\n', 'x'.repeat(10_000), 'storm', 'é', '3.5')
    const text = fc.oneof(fc.array(fc.oneof(hostile, fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 8 })), { maxLength: 8 }).map((parts) => parts.join(' ')), fc.string({ unit: 'binary', maxLength: 200 }))
    fc.assert(
      fc.property(fc.oneof(text, fc.array(text, { maxLength: 3 })), (by) => {
        const found = textQueryOf(parse('title match $q || excerpt match $q || pt::text(body) match $q', { params: { q: by } }), { q: by })
        if (found?.query) {
          // Quoted index words (a letter, hexadecimal digits, perhaps a mark, perhaps the count's `x`), a prefix star, AND, OR and brackets.
          expect(found.query).toMatch(/^(?:\(|\)|AND|OR| |"[teb][0-9a-f]+z?x?"\*?)+$/)
          expect(found.query.length).toBeLessThan(3 * 16 * (2 + 48 * 4 + 4) + 100)
        }
      }),
      { numRuns: 150 },
    )
  }, 60_000)

  it('narrow a pattern with a word that has a fixed beginning, and nothing else', () => {
    const query = (by: unknown) => textQueryOf(parse('title match $q', { params: { q: by } }), { q: by })
    // A whole word is every count of it: its held word and the `x` before the count.
    expect(query('London')).toEqual({ query: `"${heldWord('t', 'london')}x"*` })
    expect(query('lond*')).toEqual({ query: `"${heldWord('t', 'lond')}"*` })
    expect(query(['bridge*', 'lond*'])?.query).toContain(' AND ')
    expect(query('*')).toBeNull()
    expect(query('*don')).toBeNull()
    expect(query('')).toEqual({ query: null })
    expect(query('!!')).toEqual({ query: null })
    expect(query(['a', 3])).toEqual({ query: null })
    expect(query(null)).toEqual({ query: null })
    // An `||` narrows when each side does; an `&&` by either.
    const tree = (q: string) => parse(q, { params: { q: 'storm' } })
    expect(textQueryOf(tree('title match $q || pt::text(body) match $q'), { q: 'storm' })?.query).toContain(' OR ')
    expect(textQueryOf(tree('title match $q || slug.current match $q'), { q: 'storm' })).toBeNull()
    expect(textQueryOf(tree('title match $q && slug.current match $q'), { q: 'storm' })).toEqual({ query: `"${heldWord('t', 'storm')}x"*` })
  })

  it('read pt::text as groq-js does', async () => {
    const span = (t: unknown, type: unknown = 'span') => ({ _type: type, text: t })
    const block = fc.record({ _type: fc.constantFrom('block', 'other', 3), children: fc.oneof(fc.array(fc.constantFrom(span('a b'), span('c.'), span(3), span('x', 'link'), null, 'text'), { maxLength: 3 }), fc.constant(null)) })
    const body = fc.oneof(block, fc.array(fc.oneof(block, fc.array(block, { maxLength: 2 }), fc.constant(null), fc.constant('plain')), { maxLength: 4 }), fc.constantFrom(null, 'text', 3))
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const expected = await (await evaluate(parse('pt::text($body)'), { params: { body: value } })).get()
        expect(portableTextOf(value)).toEqual(expected ?? null)
      }),
      { numRuns: 500 },
    )
  })
})
