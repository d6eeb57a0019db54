import Database from 'better-sqlite3'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseSearchText } from '../../shared/search.ts'
import { matchExpression } from './query.ts'

// A real FTS5 table with the index's columns and tokenizer: every expression built must be one it accepts.
const db = new Database(':memory:')
db.exec("CREATE VIRTUAL TABLE t USING fts5(title, excerpt, body, tokenize = 'porter unicode61 remove_diacritics 2')")
db.prepare('INSERT INTO t VALUES (?, ?, ?)').run('NEAR the title: AND OR', 'not * - ^', 'cost of living')
const run = db.prepare('SELECT count(*) FROM t WHERE t MATCH ?').pluck()

/** Text a reader might type, heavy in FTS5's own syntax. */
const readerText = fc.array(
  fc.oneof(
    fc.constantFrom('AND', 'OR', 'NOT', 'NEAR', 'NEAR(a b, 2)', 'title:', '{title body}:', '*', '-', '^', '(', ')', '"', '“', '”', ':', '\u0000', '\uFFFF', 'the', 'a', 'of', 'ﬁre', 'Ａ１'),
    fc.string({ maxLength: 8 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
  ),
  { maxLength: 20 },
).map((pieces) => pieces.join(' '))

describe('the index query built from a reader\u2019s text', () => {
  it('is only quoted words joined by AND, and FTS5 accepts it', () => {
    fc.assert(
      fc.property(readerText, (text) => {
        const { terms } = parseSearchText(text)
        const expression = matchExpression(terms)
        if (terms.length === 0) {
          expect(expression).toBeNull()
          return
        }
        expect(expression).toMatch(/^"[\p{L}\p{N}\p{M} ]+"(?: AND "[\p{L}\p{N}\p{M} ]+")*$/u)
        expect(() => run.get(expression)).not.toThrow()
      }),
      { numRuns: 500 },
    )
  })

  it('keeps a quoted phrase together, with its common words, and leaves common words out elsewhere', () => {
    expect(parseSearchText('the "cost of living" crisis')).toEqual({
      terms: [{ words: ['cost', 'of', 'living'], phrase: true }, { words: ['crisis'], phrase: false }],
      ignored: ['the'],
    })
    expect(matchExpression(parseSearchText('the "cost of living" crisis').terms)).toBe('"cost of living" AND "crisis"')
    expect(parseSearchText('"the"').terms).toEqual([{ words: ['the'], phrase: false }])
    expect(parseSearchText('a the')).toEqual({ terms: [], ignored: ['a', 'the'] })
  })

  it('reads syntax as separators: operators are words, everything else splits them', () => {
    expect(matchExpression(parseSearchText('thames NEAR(barrier) title:tide -surge*').terms)).toBe('"thames" AND "near" AND "barrier" AND "title" AND "tide" AND "surge"')
    // An unmatched quote opens a phrase to the end.
    expect(parseSearchText('tube "night strike').terms).toEqual([{ words: ['tube'], phrase: false }, { words: ['night', 'strike'], phrase: true }])
    expect(run.get(matchExpression(parseSearchText('cost "of living"').terms))).toBe(1)
  })
})
