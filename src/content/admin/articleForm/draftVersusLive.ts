// A draft beside the published version (docs/decisions/022-drafts-based-on-revisions.md). Every
// draft of a live article records the published revision it was made from (`basedOnRevision`), so
// the form can tell a draft made from what readers see now (fresh) from one made from an older
// published version (stale: the live article changed after the draft was made, and publishing the
// draft as it is would undo that change). A publish of a draft is guarded by that revision, so the
// service itself refuses (409) to put a stale draft over a newer published version.

import { diffArticle, textDiff, type FieldChange, type TextDiffPart } from '../history.ts'
import { basedOnField, documentFromValues, type StoredArticle } from './document.ts'
import type { ArticleFormValues, Option } from './values.ts'

/**
 * What a draft records when no one knows which published revision it came from (a draft older than
 * the published version, written before drafts recorded it): it matches no revision, so publishing
 * that draft is refused until an editor has compared it and chosen to keep editing it.
 */
export const unknownRevision = ''

/** Which published revision a draft is based on, and whether that is still what readers see. */
export function draftBasis(draft: StoredArticle | null, published: StoredArticle | null): { basedOn: string | null; stale: boolean } {
  if (!published) return { basedOn: null, stale: false }
  const current = typeof published._rev === 'string' ? published._rev : null
  if (!draft) return { basedOn: current, stale: false }
  const recorded = draft[basedOnField]
  if (typeof recorded === 'string') return { basedOn: recorded, stale: recorded !== current }
  // A draft that records nothing: made before the published version's last change when it is older.
  const draftAt = typeof draft._updatedAt === 'string' ? Date.parse(draft._updatedAt) : NaN
  const publishedAt = typeof published._updatedAt === 'string' ? Date.parse(published._updatedAt) : NaN
  const older = Number.isFinite(draftAt) && Number.isFinite(publishedAt) && draftAt < publishedAt
  return older ? { basedOn: unknownRevision, stale: true } : { basedOn: current, stale: false }
}

/** A field that differs between what readers see and the draft, with the long texts as a text diff. */
export interface DraftChange extends FieldChange {
  diff?: TextDiffPart[]
}

/** Fields long enough that a word-level diff reads better than the two whole values. */
const diffed = new Set(['body', 'excerpt'])

/**
 * Field by field, how the draft the form holds now differs from the published version: `revision`
 * is what readers see, `current` what the draft says. Authors and categories are named.
 */
export function differencesFromLive(live: StoredArticle, values: ArticleFormValues, id: string, base: Record<string, unknown>, options: readonly Option[]): DraftChange[] {
  const names = new Map(options.map((option) => [option.id, option.name]))
  // Keys do not matter to the comparison (it reads text); fixed ones keep it pure.
  let key = 0
  const draft = documentFromValues(values, id, base, () => `k${key++}`)
  return diffArticle(live, draft, names).map((change) => (diffed.has(change.field) ? { ...change, diff: textDiff(change.revision, change.current) } : change))
}

/** "Title, Excerpt": the fields that differ, in the form's order. */
export function differingFields(changes: readonly FieldChange[]): string {
  return changes.map((change) => change.label).join(', ')
}
