// What "Schedule for" saves before the schedule is made (docs/decisions/011-scheduling.md and
// 021-scheduled-changes.md). The schedule's publish action publishes the article's draft over
// whatever readers have, so scheduling always saves `drafts.{id}` and never the published article:
// - an article readers do not have yet is saved as its draft, undated unless the editor gave it a
//   date: the schedule dates it when it fires (shared/publication.ts), late or on time;
// - a live article's changes are saved as its draft only (as an autosave is), its publish date kept,
//   and readers go on seeing the published version everywhere until the schedule runs.
// Either way the homepage's slots stay as they are until then: the scheduled publish takes them.

import type { SaveInput } from './transaction.ts'

/** Whether the article is live: readers have a published version the draft will replace. */
export const isLive = (input: Pick<SaveInput, 'loaded'>): boolean => Boolean(input.loaded?.revisions.published)

/** The save that comes before scheduling the article's publish at `executeAt` (UTC, ISO-8601). */
export function scheduledSaveInput(input: SaveInput & { executeAt: string }): SaveInput {
  const { executeAt: _executeAt, ...save } = input
  if (isLive(input)) return { ...save, draftOnly: true }
  return { ...save, values: { ...input.values, published: false } }
}
