// GROQ's `match` answered from an index: the words groq-js itself sees in a text, and the index
// query that finds every document whose text can match a pattern (server/search/matchIndex.ts).
//
// groq-js's `match` does not tokenize as a full-text engine does. It drops runs of dots that touch a
// letter or digit (so "U.K." is the word "UK" and "3.5" is "35"), splits on its own list of
// punctuation and on white space, keeps everything else in a word (apostrophes, underscores, any
// letter of any script), and compares each pattern word with each word of the text as a regular
// expression `^word$` with the `i` flag, `*` standing for any run of characters and a `.` left in a
// word for any one character. So the index holds exactly those words, each folded as that regular
// expression folds case (one UTF-16 code unit at a time), and written in hexadecimal so that no
// full-text tokenizer splits, stems or folds them further: a pattern word without `*` or `.` finds
// exactly the documents with that word, and one with them finds the documents with a word that
// begins with its part before the first `*` or `.`, a superset. groq-js then runs `match` (and
// `score()`) on those documents only, so the answer is groq-js's own. docs/decisions/037-groq-match-from-the-index.md.

import type { ExprNode } from 'groq-js'
import { constantOf } from './constant.ts'

/** What groq-js's `match` splits a text on (besides white space), and the same less `*` for a pattern. */
const textWord = /[^!@#$%^&*(),\\/?";:{}|[\]+<>\s-]+/g
const patternWord = /[^!@#$%^&(),\\/?";:{}|[\]+<>\s-]+/g
/** Runs of dots touching a word character are removed before splitting, in texts and patterns alike. */
const edgeDots = /(\b\.+|\.+\b)/g
/** groq-js compiles at most this many code units of a pattern word. */
const patternWordLimit = 1024

/** The words of a text as groq-js's `match` sees them. */
export function matchWords(text: string): string[] {
  return text.replace(edgeDots, '').match(textWord) ?? []
}

/** The words of a pattern string as groq-js compiles them (each at most 1,024 code units). */
export function patternWords(pattern: string): string[] {
  return (pattern.replace(edgeDots, '').match(patternWord) ?? []).map((word) => word.slice(0, patternWordLimit))
}

/**
 * The pattern words of a `match`'s right side, or null when groq-js's `match` is false whatever the
 * text: a value that is neither a string nor an array of strings, or no word at all.
 */
export function patternOf(value: unknown): string[] | null {
  let words: string[]
  if (typeof value === 'string') words = patternWords(value)
  else if (Array.isArray(value) && value.every((part) => typeof part === 'string')) words = value.flatMap((part: string) => patternWords(part))
  else return null
  return words.length === 0 ? null : words
}

/** The strings of a `match`'s left side whose words groq-js reads: a string, or the strings of an array. */
export function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.filter((part): part is string => typeof part === 'string')
  return []
}

/**
 * `pt::text(value)` as groq-js computes it: the text of each block (an object with a string `_type`
 * and an array of children, its spans' text joined), blocks of an array (and of arrays within it)
 * joined by a blank line; null for anything without a block.
 */
export function portableTextOf(value: unknown): string | null {
  if (isObject(value)) return blockText(value)
  if (!Array.isArray(value)) return null
  const texts: string[] = []
  const walk = (blocks: unknown[]) => {
    for (const block of blocks) {
      if (Array.isArray(block)) walk(block)
      else if (isObject(block)) {
        const text = blockText(block)
        if (text !== null) texts.push(text)
      }
    }
  }
  walk(value)
  return texts.length > 0 ? texts.join('\n\n') : null
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function blockText(block: Record<string, unknown>): string | null {
  if (typeof block._type !== 'string' || !Array.isArray(block.children)) return null
  let text = ''
  for (const child of block.children as unknown[]) {
    if (isObject(child) && child._type === 'span' && typeof child.text === 'string') text += child.text
  }
  return text
}

/**
 * The texts the index holds, each with the letter its words carry in the index: `title`,
 * `excerpt` and `pt::text(body)` of every article (drafts and versions too; a reader's view
 * filters them out).
 */
export const indexedTexts = [
  { letter: 't', path: 'title', read: (doc: Record<string, unknown>) => textsOf(doc.title) },
  { letter: 'e', path: 'excerpt', read: (doc: Record<string, unknown>) => textsOf(doc.excerpt) },
  { letter: 'b', path: 'pt::text(body)', read: (doc: Record<string, unknown>) => textsOf(portableTextOf(doc.body)) },
] as const

/** The one type whose documents the index holds. */
export const matchIndexType = 'article'

/**
 * A word is held to this many code units; a longer one is held as its beginning and a mark, so a
 * pattern word this long or longer finds it by that beginning.
 */
const heldUnits = 48

let folds: Uint16Array | null = null

/** Case folded one UTF-16 code unit at a time, as a regular expression with `i` and without `u` compares them. */
function fold(unit: number): number {
  if (!folds) {
    folds = new Uint16Array(65536)
    for (let c = 0; c < 65536; c++) {
      const upper = String.fromCharCode(c).toUpperCase()
      const u = upper.length === 1 ? upper.charCodeAt(0) : c
      // A character outside ASCII never folds into it (the long s is not an s).
      folds[c] = c >= 128 && u < 128 ? c : u
    }
  }
  return folds[unit]!
}

function hexOf(text: string, end: number): string {
  let out = ''
  for (let i = 0; i < end; i++) out += fold(text.charCodeAt(i)).toString(16).padStart(4, '0')
  return out
}

/** A word as the index holds it for the text with this letter. */
export function heldWord(letter: string, word: string): string {
  return word.length > heldUnits ? `${letter}${hexOf(word, heldUnits)}z` : `${letter}${hexOf(word, word.length)}`
}

/**
 * The index's text for a document, from its heldCounts: for each indexed text, each distinct word as held, followed by
 * `x` and how many times groq-js's `match` reads it there (a letter that is no hexadecimal digit,
 * so a word's tokens never begin another word's), all after `prefix` (the dataset's, datasetPrefix).
 */
export function heldText(counts: ReadonlyMap<string, number>, prefix: string): string {
  return [...counts].map(([held, count]) => `${prefix}${held}x${count}`).join(' ')
}

/** Each distinct word of a document's indexed texts as held (heldWord), with how many times groq-js's `match` reads it: what the index holds for it. */
export function heldCounts(doc: Record<string, unknown>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const { letter, read } of indexedTexts) {
    for (const text of read(doc)) {
      for (const word of matchWords(text)) {
        const held = heldWord(letter, word)
        counts.set(held, (counts.get(held) ?? 0) + 1)
      }
    }
  }
  return counts
}

/** What every token of a dataset's documents begins with: its name in hexadecimal, and `g`, which no hexadecimal digit is. */
export function datasetPrefix(dataset: string): string {
  return `${Buffer.from(dataset, 'utf8').toString('hex')}g`
}

/** The words an index token holds: its held word without the letter, decoded; null for a word held only by its beginning. */
export function heldWordOf(token: string, from: number): string | null {
  const end = token.indexOf('x', from)
  if (end === -1 || token[end - 1] === 'z') return null
  let out = ''
  for (let i = from; i + 4 <= end; i += 4) out += String.fromCharCode(parseInt(token.slice(i, i + 4), 16))
  return out
}

/** The count an index token carries, after its `x`. */
export function heldCountOf(token: string): number {
  return Number(token.slice(token.lastIndexOf('x') + 1))
}

/** Pattern words past this many in one `match` do not narrow further (the rest are still checked by groq-js). */
const narrowingWords = 16

/** The index query for one pattern word against one text: its exact word, or the words its fixed beginning starts. */
function wordQuery(letter: string, word: string): string | null {
  const wild = word.search(/[*.]/)
  const fixed = wild === -1 ? word : word.slice(0, wild)
  if (fixed.length === 0) return null
  if (wild === -1 && fixed.length < heldUnits) return `"${letter}${hexOf(fixed, fixed.length)}x"*`
  return `"${letter}${hexOf(fixed, Math.min(fixed.length, heldUnits))}"*`
}

/** A condition no document passes (`match` with no pattern word, or a pattern that is not text). */
export const noDocument = { query: null } as const

/** The index query finding a superset of the documents a condition passes; noDocument; or null when the index cannot tell. */
export type TextQuery = { query: string } | typeof noDocument

type Params = Record<string, unknown>

/** Which indexed text an expression reads: `title`, `excerpt` or `pt::text(body)` of the document itself. */
function indexedLetterOf(node: ExprNode): string | null {
  if (node.type === 'Group') return indexedLetterOf(node.base)
  const field = (n: ExprNode): string | null => (n.type === 'AccessAttribute' && (!n.base || n.base.type === 'This') ? n.name : null)
  if (node.type === 'FuncCall' && node.namespace === 'pt' && node.name === 'text' && node.args.length === 1) return field(node.args[0]!) === 'body' ? 'b' : null
  const name = field(node)
  return indexedTexts.find((text) => text.path === name)?.letter ?? null
}

/**
 * The index query for a condition built of `text match pattern` (an indexed text, a constant
 * pattern) with `&&` and `||`: every document the condition passes is among the query's, since
 * `match` is true or false (never null), `a && b` is true only when both are and `a || b` when
 * either is. Null when some part cannot be answered so (then a `||` cannot be, and an `&&` is
 * answered by its other side).
 */
export function textQueryOf(node: ExprNode, params: Params): TextQuery | null {
  switch (node.type) {
    case 'Group':
      return textQueryOf(node.base, params)
    case 'And': {
      const left = textQueryOf(node.left, params)
      const right = textQueryOf(node.right, params)
      if (left === noDocument || right === noDocument) return noDocument
      if (!left || !right) return left ?? right
      return { query: `(${left.query}) AND (${right.query})` }
    }
    case 'Or': {
      const left = textQueryOf(node.left, params)
      const right = textQueryOf(node.right, params)
      if (!left || !right) return null
      if (left === noDocument) return right
      if (right === noDocument) return left
      return { query: `(${left.query}) OR (${right.query})` }
    }
    case 'OpCall': {
      if (node.op !== 'match') return null
      const letter = indexedLetterOf(node.left)
      const pattern = letter === null ? null : constantOf(node.right, params)
      if (letter === null || !pattern) return null
      const words = patternOf(pattern.value)
      if (words === null) return noDocument
      const queries = [...new Set(words.flatMap((word) => wordQuery(letter, word) ?? []))].slice(0, narrowingWords)
      return queries.length === 0 ? null : { query: queries.join(' AND ') }
    }
    default:
      return null
  }
}
