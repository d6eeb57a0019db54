// A draft beside the published version (docs/decisions/022-drafts-based-on-revisions.md). Every
// draft of a live article records the published revision it was made from (`basedOnRevision`), so
// the form can tell a draft made from what readers see now (fresh) from one made from an older
// published version (stale: the live article changed after the draft was made, and publishing the
// draft as it is would undo that change). A publish of a draft is guarded by that revision, so the
// service itself refuses (409) to put a stale draft over a newer published version.

import { diffArticle, textDiff, type FieldChange, type TextDiffPart } from '../history.ts'
import { documentFromValues, type StoredArticle } from './document.ts'
import type { ArticleFormValues, Option } from './values.ts'

/** The published revision a draft is based on, and whether it is stale: one rule with a schedule's (shared/publication.ts). */
export { draftBasis, unknownRevision } from '../../../../shared/publication.ts'

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
