// Keys that read a document's other half: the admin's conditions on drafts beside published
// documents (shared/draftOverlay.ts, `pairConditions`), such as "a draft, or a document with no
// draft beside it", written as keys of their own for both halves whenever either changes
// (server/store/pairKeys.ts), so the admin's counts and lists are read from the index instead of
// following a reference per document. docs/decisions/028-documents-read-from-sqlite.md.
//
// A key holds the condition's value as the raw perspective sees it (drafts found, release versions
// not), for articles and photo essays only: the index answers with it only for those readers and
// types (documents.ts), and every other query follows the references as before.

import { parse, type ExprNode } from 'groq-js'
import { pairConditions } from '../../shared/draftOverlay.ts'
import { keyRank, sortKey, type KeyedField } from '../store/documentColumns.ts'
import { compileExpression, type Dereference } from './planner.ts'

/** The types pair keys are written for. */
export const pairTypes: ReadonlySet<string> = new Set(['article', 'imageGallery'])
const prefix = 'pair:'

export interface PairField extends KeyedField {
  /** The condition or value, parsed. */
  node: ExprNode
  /** Its value is true or false (a condition), so a filter passes exactly where the key is true. */
  condition: boolean
  /** True for most documents: a poor way to narrow a filter when another condition can. */
  dense: boolean
}

const conditions = new Set(['current', 'readers', 'hasPublished'])

/** The tree without its parentheses: `(a)` and `a` are one condition. */
function withoutGroups(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutGroups)
  if (typeof node !== 'object' || node === null) return node
  if ((node as { type?: unknown }).type === 'Group') return withoutGroups((node as { base: unknown }).base)
  if ((node as { type?: unknown }).type === 'Value') return node
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutGroups(value)]))
}

/**
 * Values of a document alone that the admin's article list sorts by, keyed the same way so the list
 * sorted by title is read in order from the index (`order(lower(title) asc, _id asc)`).
 */
const valueFields: readonly PairField[] = [{ name: `${prefix}lower(title)`, path: [], node: parse('lower(title)'), condition: false, dense: false }]

export const pairFields: readonly PairField[] = [
  ...Object.entries(pairConditions).map(([name, text]) => ({
    name: `${prefix}${name}`,
    path: [],
    node: parse(text),
    condition: name !== 'createdAt',
    dense: conditions.has(name),
  })),
  ...valueFields,
]

const byShape = new Map(pairFields.map((field) => [JSON.stringify(withoutGroups(field.node)), field]))
const shapeOf = (node: ExprNode) => JSON.stringify(withoutGroups(node))

/**
 * Two order() terms keyed together, for a listing whose first term has long runs of ties: every
 * article of one import shares its creation time, so the article list, newest first, is read in
 * the order of (created, published) at once instead of a whole import's worth of ties.
 */
export interface CompositeField extends PairField {
  terms: [ExprNode, ExprNode]
}

export const compositeFields: readonly CompositeField[] = [
  { name: `${prefix}createdAt,publishedAt`, path: [], node: parse(pairConditions.createdAt!), condition: false, dense: false, terms: [parse(pairConditions.createdAt!), parse('publishedAt')] },
  // The article list by publication date: published first, newest first, never-published drafts last.
  { name: `${prefix}defined(publishedAt),publishedAt`, path: [], node: parse('defined(publishedAt)'), condition: false, dense: false, terms: [parse('defined(publishedAt)'), parse('publishedAt')] },
]

/** The composite field two order() terms are, exactly (parentheses aside), or null. */
export function compositeFieldOf(first: ExprNode, second: ExprNode): CompositeField | null {
  return compositeFields.find((field) => shapeOf(field.terms[0]) === shapeOf(first) && shapeOf(field.terms[1]) === shapeOf(second)) ?? null
}

/**
 * Several values in one key whose byte order is order()'s by the first, then the next: each
 * value's key made prefix-free (a string's bytes with 0 escaped as 0 255, then 0 0), and null,
 * objects and arrays one class, since order() holds them equal.
 */
export function tupleKey(values: unknown[]): Buffer {
  const parts: Buffer[] = []
  for (const value of values) {
    const key = sortKey(value)
    if (key[0]! >= keyRank.null) parts.push(Buffer.from([keyRank.null]))
    else if (key[0] !== keyRank.string) parts.push(key)
    else {
      const bytes: number[] = [keyRank.string]
      for (let i = 1; i < key.length; i++) {
        bytes.push(key[i]!)
        if (key[i] === 0) bytes.push(0xff)
      }
      bytes.push(0, 0)
      parts.push(Buffer.from(bytes))
    }
  }
  return Buffer.concat(parts)
}

export function isPairField(name: string): boolean {
  return name.startsWith(prefix)
}

/** The pair field an expression is, exactly (parentheses aside), or null. */
export function pairFieldOf(node: ExprNode): PairField | null {
  if (node.type !== 'Or' && node.type !== 'FuncCall' && node.type !== 'Group') return null
  return byShape.get(JSON.stringify(withoutGroups(node))) ?? null
}

// Compiled on first use: the planner and this module import each other.
let compiled: Array<{ name: string; key: (doc: unknown, dereference: Dereference) => Buffer }> | null = null

function compiledOf(node: ExprNode, name: string): (doc: unknown, dereference: Dereference) => unknown {
  const value = compileExpression(node)
  if (!value) throw new Error(`The pair key ${name} is not in the planner's compiled subset`)
  return value
}

/** Each pair field's key for a document, references followed by `dereference` (the raw perspective's). */
export function pairKeysOf(doc: unknown, dereference: Dereference): Array<{ name: string; key: Buffer }> {
  compiled ??= [
    ...pairFields.map((field) => {
      const value = compiledOf(field.node, field.name)
      return { name: field.name, key: (d: unknown, deref: Dereference) => sortKey(value(d, deref)) }
    }),
    ...compositeFields.map((field) => {
      const values = field.terms.map((term) => compiledOf(term, field.name))
      return { name: field.name, key: (d: unknown, deref: Dereference) => tupleKey(values.map((value) => value(d, deref))) }
    }),
  ]
  return compiled.map(({ name, key }) => ({ name, key: key(doc, dereference) }))
}

/**
 * The ids whose pair keys may change when the document with `id` does: the ids each condition
 * dereferences are the document's draft ("drafts." + id) and its published id (the part of a draft
 * id between "drafts." and any further "drafts."), so their inverse is the id itself, its draft,
 * its published id, and the ids that begin with its draft's id and "drafts." again (prefixes).
 */
export function pairDependents(id: string): { ids: string[]; prefixes: string[] } {
  const draft = `drafts.${id}`
  const ids = [id, draft]
  const prefixes = [`${draft}drafts.`]
  if (id.startsWith('drafts.')) {
    ids.push(id.slice('drafts.'.length))
    prefixes.push(`${id}drafts.`)
  }
  return { ids, prefixes }
}

/** The signature of the pair fields, so a change to them refills their keys once. */
export const pairSignature = [...pairFields.map((field) => `${field.name}=${JSON.stringify(field.node)}`), ...compositeFields.map((field) => `${field.name}=${JSON.stringify(field.terms)}`)].join('\n')
