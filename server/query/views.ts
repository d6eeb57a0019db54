// The documents a reader sees in a perspective. `buildView` is the definition of a view, over
// documents held in memory (tests check the query workers' answers from SQLite against it); the
// workers themselves read each view's rows from SQLite (`kindOf`, `shows`, scan.ts, documents.ts:
// docs/decisions/028-documents-read-from-sqlite.md and 038).

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
  /** In the order of the dataset: groq-js keeps it for `*` and for ties in `order()`. */
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
