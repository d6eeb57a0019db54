// What the article form and the photo essay form share about a document that can exist twice, the
// published version readers see and `drafts.{id}` (docs/decisions/025-drafts-based-on-revisions.md):
// the one transaction a save sends, guarded by the revisions the form loaded; a draft of a live
// document recording the published revision it was made from (`basedOnRevision`), and publishing it
// guarded by that revision, so a draft made from an older published version never silently replaces
// a newer one; dating a publish (shared/publication.ts); discarding a draft; and what Keep editing
// means for a stale draft.

import { basedOnRevisionField, withPublicationDates } from '../../../shared/publication.ts'

/** The revisions a form loaded, which its writes are guarded by. */
export interface DraftRevisions {
  /** `_rev` of the published document when the form was loaded, or null when there was none. */
  published: string | null
  /** `_rev` of `drafts.{id}` when the form was loaded, or null when there was none. */
  draft: string | null
  /**
   * The published revision the draft was made from: what a draft written now records, and what
   * publishing the draft is guarded by. Absent, the published revision loaded.
   */
  basedOn?: string | null
}

/** What a form loaded of a document with a published version and a draft, as far as saving needs. */
export interface LoadedVersions {
  revisions: DraftRevisions
  /** The version readers have (the published document), or null: what a publish dates itself against. */
  live?: Record<string, unknown> | null
  /** The draft was made from an older published version than `live`: readers' version changed since. */
  stale?: boolean
}

export type DocumentMutation =
  | { create: Record<string, unknown> & { _id: string; _type: string } }
  | { createOrReplace: Record<string, unknown> & { _id: string; _type: string } }
  | { delete: { id: string } }
  | { patch: { id: string; ifRevisionID: string } }

export interface VersionWrite {
  /** The document as the form holds it, without `basedOnRevision` (it is the draft's alone). */
  doc: Record<string, unknown> & { _id: string; _type: string }
  loaded: LoadedVersions | null
  /** Publish (the document under its id, its draft gone) or keep as a draft (the published one gone). */
  publish: boolean
  /** Write `drafts.{id}` only, leaving the published version as it is (an autosave, a contributor). */
  draftOnly?: boolean
  now?: Date
}

/**
 * One transaction. Published: the document under its id, dated as a publish is
 * (shared/publication.ts), and its draft gone. Not published: only `drafts.{id}`, which readers never
 * see, and the published version gone. Every document the form loaded is guarded by the revision it
 * had then (an empty patch with `ifRevisionID` fails the whole transaction with 409 when someone
 * saved it since); one it did not load is created with `create`, which fails with 409 when someone
 * created it meanwhile. Publishing a draft of a live document is guarded by the published revision
 * the draft was made from, so the service refuses a stale draft's publish and writes nothing.
 */
export function versionMutations({ doc, loaded, publish, draftOnly = false, now = new Date() }: VersionWrite): DocumentMutation[] {
  const id = doc._id
  const revisions = loaded?.revisions ?? { published: null, draft: null }
  const draftId = `drafts.${id}`
  const mutations: DocumentMutation[] = []
  const basedOn = revisions.published ? (revisions.basedOn ?? revisions.published) : null
  const write = (target: string, document: Record<string, unknown> & { _id: string; _type: string }, guard: string | null) => {
    if (guard !== null) mutations.push({ patch: { id: target, ifRevisionID: guard } }, { createOrReplace: document })
    else mutations.push({ create: document })
  }
  const draft = { ...doc, _id: draftId, ...(basedOn !== null ? { [basedOnRevisionField]: basedOn } : {}) }
  const remove = (target: string, rev: string | null) => {
    if (rev) mutations.push({ patch: { id: target, ifRevisionID: rev } }, { delete: { id: target } })
  }
  if (draftOnly) {
    write(draftId, draft, revisions.draft)
  } else if (publish) {
    // Going live dates the document: its first publish, or its update (shared/publication.ts).
    const live = revisions.published ? (loaded?.live ?? null) : null
    write(id, { ...withPublicationDates(doc, live, now), _id: id }, revisions.draft && revisions.published ? basedOn : revisions.published)
    remove(draftId, revisions.draft)
  } else {
    write(draftId, draft, revisions.draft)
    remove(id, revisions.published)
  }
  return mutations
}

/**
 * Discarding the draft beside a live document: `drafts.{id}` goes, guarded by the revision the form
 * holds (someone's newer draft fails it with 409), and readers' version stays as it is.
 */
export function discardDraftMutations(id: string, draftRevision: string): DocumentMutation[] {
  const draftId = `drafts.${id}`
  return [{ patch: { id: draftId, ifRevisionID: draftRevision } }, { delete: { id: draftId } }]
}

/**
 * Keep editing a draft beside the live version: a stale draft is from now on based on the published
 * version the editor has just compared it with, so publishing it is theirs to choose.
 */
export function keptDraft<T extends LoadedVersions>(loaded: T | null): T | null {
  return loaded?.stale === true ? { ...loaded, revisions: { ...loaded.revisions, basedOn: loaded.revisions.published }, stale: false } : loaded
}

/** The form opened a draft beside a published version: it shows the two compared, and the choices. */
export function hasDraftBesideLive(loaded: LoadedVersions | null | undefined): boolean {
  return Boolean(loaded?.revisions.draft && loaded.revisions.published)
}

/** The revisions of a document's two versions as they are now. */
export const versionRevisionsQuery = `*[_id in [$id, "drafts." + $id]]{_id, _rev}`

/** What a publish refused with a conflict (409) was refused for, said by what happened. */
export type ConflictKind =
  /** Someone saved the published version or the draft after the form loaded them. */
  | 'changed'
  /** Nobody did: the draft was made from an older published version, whose change it would undo. */
  | 'staleDraft'

/**
 * Why a write publishing a draft beside the live version was refused with a conflict: the two
 * versions are read again, and when both still have the revisions the form loaded, nobody saved
 * since, so the refusal was the draft's own basis (`basedOnRevision`) being older than what readers
 * see. Any other write's conflict is someone else's save. When the read fails, the form's own
 * knowledge (a draft loaded stale) decides.
 */
export async function conflictKind(
  fetch: <T>(query: string, params?: Record<string, unknown>) => Promise<T>,
  id: string,
  loaded: LoadedVersions | null,
  publishingDraft: boolean,
): Promise<ConflictKind> {
  if (!publishingDraft || !loaded || !hasDraftBesideLive(loaded)) return 'changed'
  try {
    const now = await fetch<Array<{ _id: string; _rev: string }>>(versionRevisionsQuery, { id })
    const rev = (target: string) => now.find((doc) => doc._id === target)?._rev ?? null
    return rev(id) === loaded.revisions.published && rev(`drafts.${id}`) === loaded.revisions.draft ? 'staleDraft' : 'changed'
  } catch {
    return loaded.stale === true ? 'staleDraft' : 'changed'
  }
}
