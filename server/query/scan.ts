// Queries no index answers, run over the documents table itself, read in bounded batches
// (docs/decisions/028-documents-read-from-sqlite.md and 038).
//
// Each `*[filter]` the planner compiles is answered by one pass over the rows the reader's view
// shows (only the rows of one type when the filter names it, through the type index), a batch at a
// time, keeping the documents that pass: memory is the batch plus the matches, never the dataset.
// A `*` the planner cannot answer that way (`count(*)`, a filter of conditions it does not compile)
// gets the whole view, which the worker's fixed heap bounds: past it the query is answered 413 and
// the worker replaced, as before. Time is the pool's: a pass is synchronous work the pool ends at
// the query's limit. The drafts perspective reads each draft with its published row, so it gives
// what a drafts view is defined to give (views.ts, buildView), in the same order.

import type Database from 'better-sqlite3'
import { evaluate, type ExprNode } from 'groq-js'
import { planMixed, planQuery, type Matcher, type Source } from '../groq/planner.ts'
import { isDraftId, isVersionId, publishedIdOf } from '../store/ids.ts'
import type { Doc } from '../store/mutations.ts'
import { shows, type Kind } from './views.ts'

/** Ids read at a time. */
const BATCH = 256
const draftPrefix = 'drafts.'

export class RowScanner {
  private readonly statements

  constructor(db: Database.Database) {
    this.statements = {
      after: db.prepare('SELECT id FROM documents WHERE dataset = ? AND id > ? ORDER BY id LIMIT ?').pluck(),
      ofTypeAfter: db.prepare('SELECT id FROM documents WHERE dataset = ? AND type = ? AND id > ? ORDER BY id LIMIT ?').pluck(),
      doc: db.prepare('SELECT doc FROM documents WHERE dataset = ? AND id = ?').pluck(),
      has: db.prepare('SELECT 1 FROM documents WHERE dataset = ? AND id = ?').pluck(),
      slug: db.prepare('SELECT id FROM documents WHERE dataset = ? AND slug = ? ORDER BY id').pluck(),
    }
  }

  /**
   * Every stored document of the dataset (or of one type) in id order: the ids a batch at a time
   * from an index, each document read and parsed as the caller reaches it, so a pass holds one
   * document however large the documents are.
   */
  *rows(dataset: string, type?: string): Generator<Doc> {
    let last = ''
    for (;;) {
      const ids = (type === undefined ? this.statements.after.all(dataset, last, BATCH) : this.statements.ofTypeAfter.all(dataset, type, last, BATCH)) as string[]
      for (const id of ids) {
        const doc = this.get(dataset, id)
        // Deleted since the batch was read cannot happen inside the read transaction; skipped if it did.
        if (doc) yield doc
      }
      if (ids.length < BATCH) return
      last = ids[ids.length - 1]!
    }
  }

  /**
   * The documents a view of this kind shows, in its order: the stored ones it shows, or for the
   * drafts view each logical document once, its draft when there is one, under the published id
   * with `_originalId`, at the place of the first of the two in id order (as buildView places it).
   * `type` narrows to the stored documents of a type (not for drafts: a draft may have another
   * type than its published document).
   */
  *view(dataset: string, kind: Kind, type?: string): Generator<Doc> {
    if (kind !== 'drafts') {
      for (const doc of this.rows(dataset, type)) if (shows(kind, doc._id)) yield doc
      return
    }
    for (const doc of this.rows(dataset)) {
      const id = doc._id
      if (isVersionId(id)) continue
      if (isDraftId(id)) {
        const published = publishedIdOf(id)
        // Shown at the published document's place when that comes first.
        if (published < id && this.has(dataset, published)) continue
        yield { ...doc, _id: published, _originalId: id }
        continue
      }
      const draftId = draftPrefix + id
      if (!this.has(dataset, draftId)) yield { ...doc, _originalId: id }
      else if (id < draftId) yield { ...this.get(dataset, draftId)!, _id: id, _originalId: draftId }
    }
  }

  /**
   * The drafts view's documents that pass `test`, in the view's order, from the rows a filter's
   * condition names (its type, slug or id): a logical document whose draft or published row is
   * among them is read with its other row (its view document is the draft when there is one, which
   * may have another type or slug, and then fails the filter's own test), and placed at the first
   * of its two ids.
   */
  private draftsFrom(dataset: string, rows: Iterable<Doc>, test: (doc: unknown) => boolean): Doc[] {
    const seen = new Set<string>()
    const passed: Array<{ place: string; doc: Doc }> = []
    for (const row of rows) {
      if (isVersionId(row._id)) continue
      const id = publishedIdOf(row._id)
      if (seen.has(id)) continue
      seen.add(id)
      const draftId = draftPrefix + id
      const draft = isDraftId(row._id) ? row : this.get(dataset, draftId)
      const hasPublished = isDraftId(row._id) ? this.has(dataset, id) : true
      const doc = draft ? { ...draft, _id: id, _originalId: draftId } : { ...row, _originalId: id }
      if (!test(doc)) continue
      passed.push({ place: draft && hasPublished && id < draftId ? id : draft ? draftId : id, doc })
    }
    return passed.sort((a, b) => (a.place < b.place ? -1 : a.place > b.place ? 1 : 0)).map((entry) => entry.doc)
  }

  /** The document `->` finds in a view: for drafts, the draft of a published id when there is one. */
  dereference(dataset: string, kind: Kind, id: string): Doc | null {
    if (kind !== 'drafts') {
      const doc = shows(kind, id) ? this.get(dataset, id) : null
      return doc ?? null
    }
    if (isDraftId(id) || isVersionId(id)) return null
    const draft = this.get(dataset, draftPrefix + id)
    if (draft) return { ...draft, _id: id, _originalId: draftPrefix + id }
    const published = this.get(dataset, id)
    return published ? { ...published, _originalId: id } : null
  }

  /**
   * The query's answer over the view's rows: the planner answers each compiled `*[filter]` from
   * `source`'s indexes where they can (a count, a listing read in order, a narrowed filter; see
   * planMixed), otherwise by a pass (matcher), and only a `*` it cannot answer so reads the whole
   * view. Call it inside one read transaction, so every read sees one state of the database.
   */
  async answer(tree: ExprNode, dataset: string, kind: Kind, params: Record<string, unknown>, identity: string, source?: Source): Promise<unknown> {
    const match = this.matcher(dataset, kind, params)
    const dereference = (id: string) => this.dereference(dataset, kind, id)
    let all: Doc[] = []
    let planned = source ? planMixed(tree, { ...source, dereference }, params, match) : planQuery(tree, all, params, match, dereference)
    if (readsEverything(planned)) {
      all = [...this.view(dataset, kind)]
      planned = planQuery(tree, all, params, match, dereference)
    }
    const value = await evaluate(planned, { dataset: all, params, identity, dereference: ({ _ref }) => dereference(_ref) })
    return (await value.get()) ?? null
  }

  /**
   * The planner's matcher over the rows: each compiled filter is one pass over the view (the
   * type's rows when its conditions name one), its matches kept for the rest of this query.
   */
  matcher(dataset: string, kind: Kind, params: Record<string, unknown>): Matcher {
    const found = new Map<string, readonly unknown[]>()
    return {
      filter: (key, test) => {
        const hit = found.get(key)
        if (hit) return hit
        const type = typeNamedBy(key, params)
        const matches: Doc[] = []
        if (kind === 'drafts') {
          // Each logical document found through a row the filter's conditions name, read with its other row.
          const id = valueNamedBy(key, params, isIdAttribute)
          const slug = id === undefined ? valueNamedBy(key, params, isSlugAttribute) : undefined
          if (id !== undefined) matches.push(...this.draftsFrom(dataset, [id, draftPrefix + id].map((one) => this.get(dataset, one)).filter((doc): doc is Doc => doc !== null), test))
          else if (slug !== undefined) matches.push(...this.draftsFrom(dataset, this.withSlug(dataset, slug), test))
          else if (type !== undefined) matches.push(...this.draftsFrom(dataset, this.rows(dataset, type), test))
          else for (const doc of this.view(dataset, kind)) if (test(doc)) matches.push(doc)
        } else for (const doc of this.view(dataset, kind, type)) if (test(doc)) matches.push(doc)
        found.set(key, matches)
        return matches
      },
    }
  }

  /** The stored documents whose `slug.current` is this slug, drafts included, in id order. */
  private *withSlug(dataset: string, slug: string): Generator<Doc> {
    for (const id of this.statements.slug.all(dataset, slug) as string[]) {
      const doc = this.get(dataset, id)
      if (doc) yield doc
    }
  }

  private get(dataset: string, id: string): Doc | null {
    const json = this.statements.doc.get(dataset, id) as string | undefined
    return json === undefined ? null : (JSON.parse(json) as Doc)
  }

  private has(dataset: string, id: string): boolean {
    return this.statements.has.get(dataset, id) !== undefined
  }
}

/**
 * The type a compiled filter's conditions require (`_type == "article"`, either side, a string or a
 * param), from the planner's key for them: each condition's syntax tree as JSON, joined by NUL
 * (which JSON text never holds). Every document the filter passes has that type, since `==` is
 * true only for two equal strings.
 */
export function typeNamedBy(key: string, params: Record<string, unknown>): string | undefined {
  return valueNamedBy(key, params, isTypeAttribute)
}

/** The string a compiled filter's `field == s` condition requires, for the field `isField` recognises. */
function valueNamedBy(key: string, params: Record<string, unknown>, isField: (node: ExprNode) => boolean): string | undefined {
  for (const part of key.split('\u0000')) {
    let node: ExprNode
    try {
      node = JSON.parse(part) as ExprNode
    } catch {
      continue
    }
    if (node.type !== 'OpCall' || node.op !== '==') continue
    for (const [field, other] of [[node.left, node.right], [node.right, node.left]] as const) {
      if (!isField(field)) continue
      const value = other.type === 'Value' ? other.value : other.type === 'Parameter' ? params[other.name] : undefined
      if (typeof value === 'string') return value
    }
  }
  return undefined
}

function isAttribute(node: ExprNode, name: string): boolean {
  if (node.type === 'Group') return isAttribute(node.base, name)
  return node.type === 'AccessAttribute' && node.name === name && (!node.base || node.base.type === 'This')
}

const isTypeAttribute = (node: ExprNode) => isAttribute(node, '_type')
const isIdAttribute = (node: ExprNode) => isAttribute(node, '_id')

/** `slug.current`, through parentheses. */
function isSlugAttribute(node: ExprNode): boolean {
  if (node.type === 'Group') return isSlugAttribute(node.base)
  return node.type === 'AccessAttribute' && node.name === 'current' && !!node.base && isAttribute(node.base, 'slug')
}

/** Whether a planned query still reads `*` itself (outside the Values the planner put in). */
export function readsEverything(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(readsEverything)
  if (typeof node !== 'object' || node === null) return false
  const type = (node as { type?: unknown }).type
  if (type === 'Everything') return true
  if (type === 'Value') return false
  return Object.values(node).some(readsEverything)
}
