// The documents a reader sees in a perspective. The query workers hold a replica of each dataset
// (`Replica`) and keep each view a reader has asked for current change by change, so a write costs
// the documents it changed, not a pass over the dataset (docs/decisions/017-incremental-views.md).
// `buildView` is the definition of a view, from scratch; views.property.test.ts checks that the
// kept views equal it, documents and order, after any sequence of writes.

import { isDraftId, isVersionId, publishedIdOf } from '../store/ids.ts'
import type { Doc } from '../store/mutations.ts'
import { mayRead } from '../access/visibility.ts'

export type Perspective = 'published' | 'drafts' | 'raw'

export interface Reader {
  /** Anonymous readers never see drafts, versions or any other id with a `.` path. */
  anonymous: boolean
  identity?: string
  /** Release versions (`versions.*`) exist in the raw perspective from API version 2025-02-19 on. */
  versions?: boolean
}

export interface View {
  /** In the order of the dataset (see Replica): groq-js keeps it for `*` and for ties in `order()`. */
  docs: Doc[]
  byId: ReadonlyMap<string, Doc>
}

/** What of a reader changes the documents they see (their identity does not). */
export function readerKey(reader: Reader): string {
  return `${reader.anonymous ? 'anon' : 'auth'}${reader.versions ? '+versions' : ''}`
}

export function buildView(docs: ReadonlyMap<string, Doc>, perspective: Perspective, reader: Reader): View {
  const byId = new Map<string, Doc>()
  // Whatever perspective an anonymous reader asks for, they get the published one.
  if (perspective === 'drafts' && !reader.anonymous) {
    // Each logical document shows its draft when one exists, under the published id, with
    // `_originalId` naming the stored document.
    for (const doc of docs.values()) {
      if (isVersionId(doc._id)) continue
      if (isDraftId(doc._id)) {
        const id = publishedIdOf(doc._id)
        byId.set(id, { ...doc, _id: id, _originalId: doc._id })
      } else if (!byId.has(doc._id)) {
        byId.set(doc._id, { ...doc, _originalId: doc._id })
      }
    }
  } else {
    const published = perspective !== 'raw' || reader.anonymous
    for (const doc of docs.values()) {
      if (!mayRead(reader, doc._id)) continue
      if (published && (isDraftId(doc._id) || isVersionId(doc._id))) continue
      if (!reader.versions && isVersionId(doc._id)) continue
      byId.set(doc._id, doc)
    }
  }
  return { docs: [...byId.values()], byId }
}

/**
 * The views that differ. Readers who see the same documents share one: an anonymous reader's view
 * is the same whatever perspective they ask for, and the published one whether or not they see
 * versions; the drafts view never shows versions.
 */
export type Kind = 'anonymous' | 'published' | 'raw' | 'raw+versions' | 'drafts'

export function kindOf(perspective: Perspective, reader: Reader): Kind {
  if (reader.anonymous) return 'anonymous'
  if (perspective === 'drafts') return 'drafts'
  if (perspective === 'published') return 'published'
  return reader.versions ? 'raw+versions' : 'raw'
}

/** Whether a stored document is in a view that shows stored documents as they are (every kind but drafts). */
export function shows(kind: Exclude<Kind, 'drafts'>, id: string): boolean {
  switch (kind) {
    case 'anonymous':
      return mayRead({ anonymous: true }, id)
    case 'published':
      return !isDraftId(id) && !isVersionId(id)
    case 'raw':
      return !isVersionId(id)
    case 'raw+versions':
      return true
  }
}

/**
 * A view's documents sorted by a position number, unique per entry, with an array groq-js reads and
 * an id map `->` resolves through. A document changed in place keeps its slot; a new one comes last
 * (the newest position); only a removal or a move shifts the array, which is a copy of pointers
 * (tens of microseconds at 100,000 documents), never a pass over documents.
 */
export class OrderedDocs implements View {
  readonly docs: Doc[] = []
  readonly byId = new Map<string, Doc>()
  /** The position of each entry in `docs`, ascending. */
  private readonly positions: number[] = []
  private readonly positionOf = new Map<string, number>()

  put(id: string, position: number, doc: Doc): void {
    const old = this.positionOf.get(id)
    this.byId.set(id, doc)
    if (old === position) {
      this.docs[this.indexOf(position)] = doc
      return
    }
    if (old !== undefined) this.removeAt(this.indexOf(old))
    this.positionOf.set(id, position)
    const last = this.positions.length - 1
    if (last < 0 || this.positions[last]! < position) {
      this.positions.push(position)
      this.docs.push(doc)
      return
    }
    const at = this.lowerBound(position)
    this.positions.splice(at, 0, position)
    this.docs.splice(at, 0, doc)
  }

  delete(id: string): void {
    const old = this.positionOf.get(id)
    if (old === undefined) return
    this.positionOf.delete(id)
    this.byId.delete(id)
    this.removeAt(this.indexOf(old))
  }

  /** Each entry in order, with its id (a view's entries are keyed by their document's `_id`) and position. */
  forEach(visit: (id: string, position: number, doc: Doc) => void): void {
    for (let i = 0; i < this.docs.length; i++) visit(this.docs[i]!._id, this.positions[i]!, this.docs[i]!)
  }

  private removeAt(index: number): void {
    // The newest documents change most often: removing the last one moves nothing.
    if (index === this.docs.length - 1) {
      this.docs.pop()
      this.positions.pop()
      return
    }
    this.docs.splice(index, 1)
    this.positions.splice(index, 1)
  }

  private indexOf(position: number): number {
    const at = this.lowerBound(position)
    if (this.positions[at] !== position) throw new Error(`A view lost track of position ${position}`)
    return at
  }

  private lowerBound(position: number): number {
    let low = 0
    let high = this.positions.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (this.positions[mid]! < position) low = mid + 1
      else high = mid
    }
    return low
  }
}

/** Filters whose matches a view keeps; the least recently used is dropped past this. */
const KEPT_FILTERS = 32
/** Orders each kept filter's matches are kept sorted in. */
const KEPT_ORDERS = 4
/**
 * Entries all of a view's kept filters and orders may hold together, as a multiple of the view's
 * documents (with a floor for small datasets): a worker's heap holds the replica a few times over,
 * not once per filter. Past it the least recently used filters go, never the one just asked for.
 */
const KEPT_ENTRIES_PER_DOCUMENT = 4
const KEPT_ENTRIES_FLOOR = 40_000

interface Sorted {
  id: string
  position: number
  keys: unknown[]
  doc: Doc
}

/**
 * A filter's matches sorted as `order()` sorts them: by the order's terms, ties by their position
 * in the view. Each document's term values are computed once, when it is put; a change costs a
 * binary search and a copy of pointers, so the homepage's `order(...)[0...5]` over 60,000 trending
 * articles reads five.
 */
class SortedMatches {
  readonly docs: Doc[] = []
  private readonly entries: Sorted[] = []
  private readonly byId = new Map<string, Sorted>()
  private readonly keys: (doc: Doc) => unknown[]
  private readonly compare: (a: unknown[], b: unknown[]) => number

  constructor(keys: (doc: Doc) => unknown[], compare: (a: unknown[], b: unknown[]) => number) {
    this.keys = keys
    this.compare = compare
  }

  /** Sorts an empty list's entries from scratch: one sort, not an insertion each. */
  fill(from: OrderedDocs): void {
    from.forEach((id, position, doc) => {
      const entry: Sorted = { id, position, keys: this.keys(doc), doc }
      this.entries.push(entry)
      this.byId.set(id, entry)
    })
    this.entries.sort((a, b) => this.before(a, b))
    for (const entry of this.entries) this.docs.push(entry.doc)
  }

  put(id: string, position: number, doc: Doc): void {
    this.delete(id)
    const entry: Sorted = { id, position, keys: this.keys(doc), doc }
    const at = this.lowerBound(entry)
    this.entries.splice(at, 0, entry)
    this.docs.splice(at, 0, doc)
    this.byId.set(id, entry)
  }

  delete(id: string): void {
    const entry = this.byId.get(id)
    if (!entry) return
    this.byId.delete(id)
    const at = this.lowerBound(entry)
    this.entries.splice(at, 1)
    this.docs.splice(at, 1)
  }

  private before(a: Sorted, b: Sorted): number {
    return this.compare(a.keys, b.keys) || a.position - b.position
  }

  private lowerBound(entry: Sorted): number {
    let low = 0
    let high = this.entries.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (this.before(this.entries[mid]!, entry) < 0) low = mid + 1
      else high = mid
    }
    return low
  }
}

interface KeptFilter {
  test: (doc: Doc) => boolean
  matches: OrderedDocs
  /** By order key, least recently used first. */
  sorted: Map<string, SortedMatches>
}

/**
 * A view that also keeps, for the filters queries used lately, the documents each matches, in the
 * view's order: after a write the homepage's filters cost the documents the write changed, not a
 * pass over the dataset each.
 */
export class KeptView extends OrderedDocs {
  /** By filter key, least recently used first. */
  private readonly filters = new Map<string, KeptFilter>()

  override put(id: string, position: number, doc: Doc): void {
    super.put(id, position, doc)
    for (const [key, filter] of this.filters) {
      try {
        if (filter.test(doc)) {
          filter.matches.put(id, position, doc)
          for (const sorted of filter.sorted.values()) sorted.put(id, position, doc)
        } else this.drop(filter, id)
      } catch {
        // A filter that cannot judge a document is not kept: the next query that uses it passes over the view.
        this.filters.delete(key)
      }
    }
  }

  override delete(id: string): void {
    super.delete(id)
    for (const filter of this.filters.values()) this.drop(filter, id)
  }

  private drop(filter: KeptFilter, id: string): void {
    filter.matches.delete(id)
    for (const sorted of filter.sorted.values()) sorted.delete(id)
  }

  /**
   * The documents passing `test`, in the view's order. `key` names the filter: the same key must
   * always come with the same test (the planner's conditions as text, with the query's params).
   */
  match(key: string, test: (doc: Doc) => boolean): readonly Doc[] {
    return this.kept(key, test).matches.docs
  }

  /**
   * The documents `match(key)` gave, sorted by `compare` on their `keys`, ties in the view's order.
   * `order` names the sort: the same key must always come with the same functions. Null when the
   * filter is no longer kept (a query with more filters than are kept dropped it).
   */
  sorted(key: string, order: string, keys: (doc: Doc) => unknown[], compare: (a: unknown[], b: unknown[]) => number): readonly Doc[] | null {
    const filter = this.filters.get(key)
    if (!filter) return null
    let sorted = filter.sorted.get(order)
    if (sorted) {
      filter.sorted.delete(order)
      filter.sorted.set(order, sorted)
      return sorted.docs
    }
    sorted = new SortedMatches(keys, compare)
    sorted.fill(filter.matches)
    filter.sorted.set(order, sorted)
    if (filter.sorted.size > KEPT_ORDERS) filter.sorted.delete(filter.sorted.keys().next().value!)
    this.withinBudget(key)
    return sorted.docs
  }

  private kept(key: string, test: (doc: Doc) => boolean): KeptFilter {
    const kept = this.filters.get(key)
    if (kept) {
      this.filters.delete(key)
      this.filters.set(key, kept)
      return kept
    }
    const filter: KeptFilter = { test, matches: new OrderedDocs(), sorted: new Map() }
    this.forEach((id, position, doc) => {
      if (test(doc)) filter.matches.put(id, position, doc)
    })
    this.filters.set(key, filter)
    if (this.filters.size > KEPT_FILTERS) this.filters.delete(this.filters.keys().next().value!)
    this.withinBudget(key)
    return filter
  }

  /** Drops the least recently used filters (but `keep`) while the kept entries are over budget. */
  private withinBudget(keep: string): void {
    const budget = Math.max(KEPT_ENTRIES_FLOOR, KEPT_ENTRIES_PER_DOCUMENT * this.docs.length)
    let entries = 0
    for (const filter of this.filters.values()) {
      entries += filter.matches.docs.length
      for (const sorted of filter.sorted.values()) entries += sorted.docs.length
    }
    for (const [key, filter] of this.filters) {
      if (entries <= budget) return
      if (key === keep) continue
      entries -= filter.matches.docs.length
      for (const sorted of filter.sorted.values()) entries -= sorted.docs.length
      this.filters.delete(key)
    }
  }
}

/**
 * One dataset in a query worker: its documents in the order a rebuild reads them (each id keeps the
 * position it was first stored at; a new id comes last, a deleted one leaves), and the views
 * readers asked for, each updated by the documents a transaction changed.
 */
export class Replica {
  readonly docs = new Map<string, Doc>()
  private readonly positions = new Map<string, number>()
  private next = 0
  private readonly views = new Map<Kind, KeptView>()

  /** Applies a transaction's changes (each the document's state after it, or null when deleted), in order. */
  apply(changes: ReadonlyArray<{ id: string; after: Doc | null }>): void {
    for (const { id, after } of changes) this.store(id, after)
    for (const [kind, view] of this.views) {
      for (const { id } of changes) this.update(kind, view, id)
    }
  }

  /** Stores a document without updating the views: for loading, before any view is asked for. */
  store(id: string, doc: Doc | null): void {
    if (doc) {
      if (!this.positions.has(id)) this.positions.set(id, this.next++)
      this.docs.set(id, doc)
    } else {
      this.docs.delete(id)
      this.positions.delete(id)
    }
  }

  view(perspective: Perspective, reader: Reader): KeptView {
    const kind = kindOf(perspective, reader)
    let view = this.views.get(kind)
    if (!view) {
      // Built once, the first time a reader of this kind asks; then only kept current.
      view = new KeptView()
      for (const id of this.docs.keys()) this.update(kind, view, id)
      this.views.set(kind, view)
    }
    return view
  }

  /** Brings the entry a stored document belongs to in line with the stored documents now. */
  private update(kind: Kind, view: KeptView, id: string): void {
    if (kind !== 'drafts') {
      if (!shows(kind, id)) return
      const doc = this.docs.get(id)
      if (doc) view.put(id, this.positions.get(id)!, doc)
      else view.delete(id)
      return
    }
    if (isVersionId(id)) return
    // A draft and its published document are one entry, under the published id, shown at the
    // earlier position of the two, as the draft when there is one.
    const entry = isDraftId(id) ? publishedIdOf(id) : id
    const draftId = `drafts.${entry}`
    const draft = this.docs.get(draftId)
    // An entry named like a draft or a version has only a draft (`drafts.drafts.x` is shown as `drafts.x`).
    const published = isDraftId(entry) || isVersionId(entry) ? undefined : this.docs.get(entry)
    if (!draft && !published) {
      view.delete(entry)
      return
    }
    const position = Math.min(draft ? this.positions.get(draftId)! : Infinity, published ? this.positions.get(entry)! : Infinity)
    view.put(entry, position, draft ? { ...draft, _id: entry, _originalId: draft._id } : { ...published!, _originalId: published!._id })
  }
}
