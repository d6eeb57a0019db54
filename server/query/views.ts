// The documents a reader sees in a perspective, built from a dataset's documents. Used by the query
// workers, which hold the replicas queries run over.

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
  docs: Doc[]
  byId: Map<string, Doc>
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
