// GROQ's `match` and `score()` decided from the match index's word counts (server/search/matchIndex.ts),
// without parsing a document: how many times each word is read in each indexed text of each
// article is all groq-js's `match` and `score()` look at, so from those counts the planner finds the
// documents a search filter passes, how many there are, and the few that are the first page of
// `score(…) | order(_score desc, …)`; groq-js then runs the query itself on those few.
//
// groq-js 1.x scores as follows (evaluateScore in its evaluator), and so does this module:
// - `text match pattern`: for each word of the pattern, in order and repeated words again, freq is
//   how many of the text's words (with repeats; an array's strings' words together) the pattern
//   word's regular expression matches, and the score adds `freq * (1.2 + 1) / (freq + 1.2)`; 0 when
//   the pattern is not text (or an array of strings) or has no word, whether or not the text
//   matches every word;
// - `boost(cond, n)`: cond's score plus n when that score is above 0 and n is a number, else 0;
// - `a || b`: the sum of the two scores; `a && b`: 0 when either is 0, else the sum;
// - anything else (a bracketed `match` too): 1 when it is true, else 0;
// - a document's score starts from its own `_score` when that is a number, else 0, and adds each
//   argument's in order; score() then sorts by it, highest first, keeping ties in arrival order.
// docs/decisions/040-groq-score-from-the-index.md.

import type { ExprNode } from 'groq-js'
import { constantOf } from './constant.ts'
import { indexedTexts, patternOf } from './textMatch.ts'

type Params = Record<string, unknown>

/** groq-js's BM25 constant. */
const BM25k = 1.2

/** A `match` of an indexed text (by its letter) against constant pattern words; null words: never true, scores 0. */
export interface TextMatch {
  kind: 'match'
  letter: string
  words: string[] | null
}

/** A condition decided from the counts alone. */
export type TextCondition =
  | TextMatch
  | { kind: 'and' | 'or'; left: TextCondition; right: TextCondition }
  | { kind: 'not'; base: TextCondition }
  | { kind: 'constant'; value: boolean }

/** One argument of `score()`, as groq-js scores it. */
export type ScoreTerm =
  | TextMatch
  /** `by` null: not a number, so the boost scores 0. */
  | { kind: 'boost'; base: ScoreTerm; by: number | null }
  | { kind: 'sum' | 'both'; left: ScoreTerm; right: ScoreTerm }
  | { kind: 'condition'; condition: TextCondition }

/** How many times a word is read in a text, by document (only documents where it is read at all). */
export type Counts = (letter: string, word: string) => ReadonlyMap<number, number>

/** Which indexed text an expression reads: `title`, `excerpt` or `pt::text(body)` of the document itself. */
function letterOf(node: ExprNode): string | null {
  if (node.type === 'Group') return letterOf(node.base)
  const field = (n: ExprNode): string | null => (n.type === 'AccessAttribute' && (!n.base || n.base.type === 'This') ? n.name : null)
  if (node.type === 'FuncCall' && node.namespace === 'pt' && node.name === 'text' && node.args.length === 1) return field(node.args[0]!) === 'body' ? 'b' : null
  const name = field(node)
  return indexedTexts.find((text) => text.path === name)?.letter ?? null
}

function matchOf(node: ExprNode, params: Params): TextMatch | null {
  if (node.type !== 'OpCall' || node.op !== 'match') return null
  const letter = letterOf(node.left)
  const pattern = letter === null ? null : constantOf(node.right, params)
  return letter === null || !pattern ? null : { kind: 'match', letter, words: patternOf(pattern.value) }
}

const isConstant = (c: TextCondition, value: boolean) => c.kind === 'constant' && c.value === value

/**
 * A condition as the counts decide it, or null when they cannot: `match`es of indexed texts against
 * constant patterns, `!`, and `&&`/`||` of them (each always true or false, so groq-js's three-valued
 * logic is plain logic here), and `defined()` of a parameter or literal. groq-js's `||` is true when
 * either side is true and `&&` false when either is false, whatever the other side, so a side that
 * is a constant true (or false) decides it alone.
 */
export function textConditionOf(node: ExprNode, params: Params): TextCondition | null {
  switch (node.type) {
    case 'Group':
      return textConditionOf(node.base, params)
    case 'Value':
      return typeof node.value === 'boolean' ? { kind: 'constant', value: node.value } : null
    case 'Not': {
      const base = textConditionOf(node.base, params)
      if (!base) return null
      return base.kind === 'constant' ? { kind: 'constant', value: !base.value } : { kind: 'not', base }
    }
    case 'And':
    case 'Or': {
      const kind = node.type === 'And' ? 'and' : 'or'
      const decisive = kind === 'or'
      const left = textConditionOf(node.left, params)
      const right = textConditionOf(node.right, params)
      if ((left && isConstant(left, decisive)) || (right && isConstant(right, decisive))) return { kind: 'constant', value: decisive }
      if (!left || !right) return null
      if (left.kind === 'constant') return right
      if (right.kind === 'constant') return left
      return { kind, left, right }
    }
    case 'FuncCall': {
      if (node.namespace !== 'global' || node.name !== 'defined' || node.args.length !== 1) return null
      const arg = node.args[0]!
      if (arg.type !== 'Parameter' && arg.type !== 'Value') return null
      const value = constantOf(arg, params)
      return value ? { kind: 'constant', value: value.value !== null && value.value !== undefined } : null
    }
    case 'OpCall':
      return matchOf(node, params)
    default:
      return null
  }
}

/** An argument of `score()` as the counts score it, or null when they cannot. */
export function scoreTermOf(node: ExprNode, params: Params): ScoreTerm | null {
  // groq-js looks at the node itself: a bracketed `match` is a condition, scored 1 or 0.
  if (node.type === 'OpCall' && node.op === 'match') return matchOf(node, params)
  if (node.type === 'FuncCall' && node.name === 'boost') {
    const base = node.args.length === 2 ? scoreTermOf(node.args[0]!, params) : null
    const by = base ? constantOf(node.args[1]!, params) : null
    if (!base || !by) return null
    return { kind: 'boost', base, by: typeof by.value === 'number' ? by.value : null }
  }
  if (node.type === 'Or' || node.type === 'And') {
    const left = scoreTermOf(node.left, params)
    const right = scoreTermOf(node.right, params)
    return left && right ? { kind: node.type === 'Or' ? 'sum' : 'both', left, right } : null
  }
  const condition = textConditionOf(node, params)
  return condition ? { kind: 'condition', condition } : null
}

/** Every (text, word) a condition or score reads, so the counts can be read once each. */
export function wordsRead(items: ReadonlyArray<TextCondition | ScoreTerm>): Array<{ letter: string; word: string }> {
  const out = new Map<string, { letter: string; word: string }>()
  const walk = (item: TextCondition | ScoreTerm) => {
    switch (item.kind) {
      case 'match':
        for (const word of item.words ?? []) out.set(`${item.letter}\u0000${word}`, { letter: item.letter, word })
        return
      case 'and':
      case 'or':
      case 'sum':
      case 'both':
        walk(item.left)
        walk(item.right)
        return
      case 'not':
      case 'boost':
        walk(item.base)
        return
      case 'condition':
        walk(item.condition)
        return
      case 'constant':
        return
    }
  }
  items.forEach(walk)
  return [...out.values()]
}

/**
 * Whether a document the condition is true for must have one of the words it reads: then the
 * documents holding those words are every candidate, and the counts find them all.
 */
export function needsAWord(condition: TextCondition): boolean {
  switch (condition.kind) {
    case 'match':
      return true
    case 'and':
      return needsAWord(condition.left) || needsAWord(condition.right)
    case 'or':
      return needsAWord(condition.left) && needsAWord(condition.right)
    case 'not':
      return false
    case 'constant':
      return !condition.value
  }
}

/**
 * The condition as a test of a document (an index row), its words' counts looked up once here:
 * a search's filter is tested on every article holding one of its words.
 */
export function conditionTest(condition: TextCondition, counts: Counts): (doc: number) => boolean {
  switch (condition.kind) {
    case 'match': {
      // groq-js's match: the pattern has words, and each matches one of the text's.
      if (condition.words === null) return () => false
      const maps = condition.words.map((word) => counts(condition.letter, word))
      return (doc) => maps.every((map) => map.has(doc))
    }
    case 'and': {
      const left = conditionTest(condition.left, counts)
      const right = conditionTest(condition.right, counts)
      return (doc) => left(doc) && right(doc)
    }
    case 'or': {
      const left = conditionTest(condition.left, counts)
      const right = conditionTest(condition.right, counts)
      return (doc) => left(doc) || right(doc)
    }
    case 'not': {
      const base = conditionTest(condition.base, counts)
      return (doc) => !base(doc)
    }
    case 'constant': {
      const value = condition.value
      return () => value
    }
  }
}

/** One argument's score of a document, with groq-js's arithmetic in groq-js's order. */
function termScorer(term: ScoreTerm, counts: Counts): (doc: number) => number {
  switch (term.kind) {
    case 'match': {
      if (term.words === null) return () => 0
      const maps = term.words.map((word) => counts(term.letter, word))
      return (doc) => {
        let score = 0
        for (const map of maps) {
          const freq = map.get(doc) ?? 0
          score += (freq * (BM25k + 1)) / (freq + BM25k)
        }
        return score
      }
    }
    case 'boost': {
      const base = termScorer(term.base, counts)
      const by = term.by
      return (doc) => {
        const inner = base(doc)
        return by !== null && inner > 0 ? inner + by : 0
      }
    }
    case 'sum': {
      const left = termScorer(term.left, counts)
      const right = termScorer(term.right, counts)
      return (doc) => left(doc) + right(doc)
    }
    case 'both': {
      const left = termScorer(term.left, counts)
      const right = termScorer(term.right, counts)
      return (doc) => {
        const l = left(doc)
        const r = right(doc)
        return l === 0 || r === 0 ? 0 : l + r
      }
    }
    case 'condition': {
      const test = conditionTest(term.condition, counts)
      return (doc) => (test(doc) ? 1 : 0)
    }
  }
}

/** A document's `_score` after `score(…terms)`: its own `_score` (`start`) plus each term's, in order. */
export function documentScorer(terms: readonly ScoreTerm[], counts: Counts): (start: number, doc: number) => number {
  const scorers = terms.map((term) => termScorer(term, counts))
  return (start, doc) => {
    let score = start
    for (const scorer of scorers) score += scorer(doc)
    return score
  }
}

/**
 * The documents that are the first `enough` by score, highest first, with every document tied with
 * the last of them: whatever follows `_score desc` in an order() decides among ties, and any
 * document left out scores lower than every one kept. Null when a score is not a finite number
 * (groq-js's sort then compares NaN). Returned in the order given.
 */
export function firstByScore<T>(scored: ReadonlyArray<{ item: T; score: number }>, enough: number): T[] | null {
  if (scored.some((s) => !Number.isFinite(s.score))) return null
  if (scored.length <= enough) return scored.map((s) => s.item)
  if (enough <= 0) return []
  const scores = Float64Array.from(scored, (s) => s.score).sort()
  const cutoff = scores[scores.length - enough]!
  return scored.filter((s) => s.score >= cutoff).map((s) => s.item)
}

/**
 * Whether a score (or a condition scored 1 or 0) never falls when a word is read more often in a
 * text: `match`es, sums, `&&`, constants and boosts by a finite number not below 0. Then a document
 * whose every count is at most another's scores at most as much, which is what lets the match index
 * read a common word's articles from its highest counts down and stop (server/search/scoreCells.ts).
 * `!` is not so (a word read once more can make it false), nor a boost by less than 0.
 */
export function monotone(item: TextCondition | ScoreTerm): boolean {
  switch (item.kind) {
    case 'match':
    case 'constant':
      return true
    case 'and':
    case 'or':
    case 'sum':
    case 'both':
      return monotone(item.left) && monotone(item.right)
    case 'not':
      return false
    case 'boost':
      return monotone(item.base) && (item.by === null || (Number.isFinite(item.by) && item.by >= 0))
    case 'condition':
      return monotone(item.condition)
  }
}
