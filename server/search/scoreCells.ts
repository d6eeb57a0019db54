// A search's first page and its count from the match index without reading every article that
// holds a common word (decision 043). The index holds each word of a text with its count in one
// term per count ("the" read 3 times in a body is one term, 4 times another: matchIndex.ts), and
// groq-js's `score()` depends on nothing but those counts. So the articles fall into cells, one per
// combination of a count for each (text, word) a query reads, 0 included; every article of a cell
// scores the same, and passes the filter or not, together. When the score never falls as a count
// grows (textScore.ts monotone), the cells can be visited best first, from every highest count
// down, one step on one word at a time, and the visit stops once the page is full and the score of
// its last article is left behind: every article not visited scores less. Each visited cell that
// passes the filter is one index query (AND of its counts' terms, NOT the words it reads 0 times),
// and a pair of counts found in no article rules out every cell holding both, asked once.
//
// The few articles read apart (a dot in the id, no slug, a `_score` of their own: MatchReader.unusual)
// are left out of the cells; the caller scores them from their own text.

import { heldWord, indexedTexts } from '../groq/textMatch.ts'
import { conditionTest, documentScorer, monotone, wordsRead, type Counts, type ScoreTerm, type TextCondition } from '../groq/textScore.ts'
import type { MatchReader } from './matchIndex.ts'

/** Cells visited at most, and index queries asked at most, before the search is left to reading every article (the caller's other way). */
export const CELL_VISITS = 20_000
export const CELL_QUERIES = 3_000

interface List {
  /** The counts, highest first, then 0 unless every usual article holds the word. */
  counts: number[]
  /** The index term of each count (none for the last, 0). */
  terms: string[]
  /** The term for every count: the articles holding the word at all. */
  any: string
}

interface Cell {
  /** For each list, the position of its count. */
  at: number[]
  score: number
  passes: boolean
}

/** The (text, word)s read, each as its held word once: "The" and "the" are one list. Null for a word the index cannot count exactly. */
function heldWordsOf(items: ReadonlyArray<TextCondition | ScoreTerm>): Map<string, string> | null {
  const held = new Map<string, string>()
  for (const { letter, word } of wordsRead(items)) {
    if (/[*.]/.test(word)) return null
    const h = heldWord(letter, word)
    // Held by its beginning only: other words share it.
    if (h.endsWith('z')) return null
    held.set(`${letter}\u0000${word}`, h)
  }
  return held
}

/**
 * The index query for the articles a condition is true for, or false when it is true for none, or
 * null when the index cannot write it (a `!`, a wildcard, a long word, a condition true for all).
 */
export function conditionQuery(words: MatchReader, dataset: string, condition: TextCondition): string | false | null {
  const held = heldWordsOf([condition])
  if (!held) return null
  const write = (c: TextCondition): string | false | null => {
    switch (c.kind) {
      case 'match':
        return c.words === null ? false : c.words.map((word) => words.anyCount(dataset, held.get(`${c.letter}\u0000${word}`)!)).join(' AND ')
      case 'and': {
        const left = write(c.left)
        const right = write(c.right)
        if (left === false || right === false) return false
        return left === null || right === null ? null : `(${left}) AND (${right})`
      }
      case 'or': {
        const left = write(c.left)
        const right = write(c.right)
        if (left === null || right === null) return null
        if (left === false) return right
        if (right === false) return left
        return `(${left}) OR (${right})`
      }
      case 'constant':
        return c.value ? null : false
      case 'not':
        return null
    }
  }
  return write(condition)
}

/**
 * How many of a dataset's usual articles (not those read apart, which the caller counts from their
 * own text) a condition is true for, from the kept counts alone (match_counts, decision 047): a
 * `match` of one word (repeated or in other cases, it is one word) in one text, or the same in
 * every indexed text joined by `||` (the /search page's filter), is a few rows read. Null for any
 * other condition: several words need their articles intersected, which the counts cannot tell.
 */
export function countByWords(words: MatchReader, dataset: string, condition: TextCondition): number | null {
  const held = heldWordsOf([condition])
  // One word, whatever its text: each held word is its text's letter and the word.
  if (!held || new Set([...held.values()].map((h) => h.slice(1))).size !== 1) return null
  const letters = new Set<string>()
  const collect = (c: TextCondition): boolean => {
    if (c.kind === 'or') return collect(c.left) && collect(c.right)
    if (c.kind === 'constant') return !c.value
    if (c.kind !== 'match') return false
    // No pattern word: never true.
    if (c.words !== null) letters.add(c.letter)
    return true
  }
  if (!collect(condition)) return null
  if (letters.size === 0) return 0
  const [h] = held.values()
  if (letters.size === indexedTexts.length) return words.inAnyText(dataset, h!)
  if (letters.size > 1) return null
  const buckets = words.buckets(dataset, h!)
  return buckets ? buckets.reduce((sum, b) => sum + b.docs, 0) : null
}

/** A heap of cells, highest score first. */
class CellHeap {
  private readonly items: Cell[] = []
  get size(): number {
    return this.items.length
  }
  peek(): Cell | undefined {
    return this.items[0]
  }
  push(cell: Cell): void {
    const items = this.items
    items.push(cell)
    let i = items.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (items[parent]!.score >= cell.score) break
      items[i] = items[parent]!
      i = parent
    }
    items[i] = cell
  }
  pop(): Cell | undefined {
    const items = this.items
    const top = items[0]
    const last = items.pop()
    if (top === undefined || last === undefined || items.length === 0) return top
    let i = 0
    for (;;) {
      const left = 2 * i + 1
      if (left >= items.length) break
      const right = left + 1
      const child = right < items.length && items[right]!.score > items[left]!.score ? right : left
      if (items[child]!.score <= last.score) break
      items[i] = items[child]!
      i = child
    }
    items[i] = last
    return top
  }
}

/**
 * The articles (index rows) a search filter passes that score at least as much as the `enough`-th
 * of them, with their scores (at least `enough` when there are, every one tied with the last;
 * fewer only when that is all), leaving out the rows `apart` names; null when the cells cannot
 * tell (a score that can fall as a count grows, a wildcard or long word, fewer than `from`
 * postings in all, so reading them is cheaper, or more cells or queries than their bounds).
 */
export function firstByCells(
  words: MatchReader,
  dataset: string,
  condition: TextCondition,
  terms: readonly ScoreTerm[],
  enough: number,
  apart: (rowid: number) => boolean,
  from: number,
): Array<{ item: number; score: number }> | null {
  if (!terms.every(monotone)) return null
  const held = heldWordsOf([condition, ...terms])
  if (!held) return null
  const order = [...new Set(held.values())]
  const lists: List[] = []
  let postings = 0
  const usual = words.usualArticles(dataset)
  for (const h of order) {
    const buckets = words.buckets(dataset, h)
    if (!buckets) return null
    let holding = 0
    for (const b of buckets) holding += b.docs
    postings += holding
    // A word every usual article holds (buckets count those alone) has no cell without it: those
    // cells hold only articles read apart, which are left out, so they are never visited.
    const none = holding < usual ? [0] : []
    lists.push({ counts: [...buckets.map((b) => b.count), ...none], terms: buckets.map((b) => b.term), any: words.anyCount(dataset, h) })
  }
  if (postings < from) return null
  if (enough <= 0) return []
  // A cell's counts, one map per list holding only the row 0, so the scorer and the filter's test
  // (built once) read the cell being looked at.
  const maps = lists.map(() => new Map<number, number>())
  const listOf = new Map([...held].map(([key, h]) => [key, order.indexOf(h)]))
  const counts: Counts = (letter, word) => maps[listOf.get(`${letter}\u0000${word}`)!]!
  const score = documentScorer(terms, counts)
  const test = conditionTest(condition, counts)
  const look = (at: number[]): Cell => {
    at.forEach((i, l) => {
      const map = maps[l]!
      map.clear()
      const count = lists[l]!.counts[i]!
      if (count > 0) map.set(0, count)
    })
    return { at, score: score(0, 0), passes: test(0) }
  }

  const pairs = new Map<string, boolean>()
  let queries = 0
  const ask = <T>(read: () => T): T => {
    queries++
    return read()
  }
  /** Whether two count terms are held by one article at all. */
  const together = (a: string, b: string): boolean => {
    const key = a < b ? `${a} ${b}` : `${b} ${a}`
    let known = pairs.get(key)
    if (known === undefined) {
      known = ask(() => words.anyOf(`"${a}" AND "${b}"`))
      pairs.set(key, known)
    }
    return known
  }
  const rowsOf = (cell: Cell): number[] => {
    const yes: string[] = []
    const no: string[] = []
    cell.at.forEach((i, l) => {
      const list = lists[l]!
      if (i < list.terms.length) yes.push(`"${list.terms[i]!}"`)
      else no.push(list.any)
    })
    if (yes.length === 0) return []
    for (let a = 0; a < yes.length; a++) for (let b = a + 1; b < yes.length; b++) if (!together(yes[a]!.slice(1, -1), yes[b]!.slice(1, -1))) return []
    const query = no.length === 0 ? yes.join(' AND ') : `(${yes.join(' AND ')}) NOT (${no.join(' OR ')})`
    return ask(() => words.rowsOf(query))
  }

  const heap = new CellHeap()
  const seen = new Set<string>()
  const start = look(lists.map(() => 0))
  heap.push(start)
  seen.add(start.at.join(','))
  const found: Array<{ item: number; score: number }> = []
  let cutoff: number | null = null
  let visits = 0
  while (heap.size > 0) {
    const cell = heap.peek()!
    // Past the last score of the page: every cell left scores less. (Rounding can put a cell a few
    // units in the last place above the one it steps down from; the margin covers that, and a cell
    // visited within it only adds articles that score less, which the caller leaves out.)
    if (cutoff !== null && cell.score < cutoff - 1e-9 * Math.max(1, Math.abs(cutoff))) break
    heap.pop()
    if (++visits > CELL_VISITS || queries > CELL_QUERIES) return null
    if (!Number.isFinite(cell.score)) return null
    for (let l = 0; l < lists.length; l++) {
      if (cell.at[l]! + 1 >= lists[l]!.counts.length) continue
      const at = cell.at.slice()
      at[l]!++
      const key = at.join(',')
      if (seen.has(key)) continue
      seen.add(key)
      heap.push(look(at))
    }
    if (!cell.passes) continue
    for (const rowid of rowsOf(cell)) if (!apart(rowid)) found.push({ item: rowid, score: cell.score })
    if (cutoff === null && found.length >= enough) cutoff = cell.score
  }
  return found
}
