// What the article form shows for a snapshot of its machine: the states become the component's
// status and flags. Apart from the form page so the machine's model-based test renders the same
// mapping without the signed-in session.

import type { ArticleFormProps } from '../../../components/admin/ArticleForm.tsx'
import type { StoredArticle } from '../../../content/admin/articleForm/document.ts'
import { differencesFromLive } from '../../../content/admin/articleForm/draftVersusLive.ts'
import type { ArticleFormSnapshot } from '../../../machines/articleFormMachine.ts'
import { liveBlogHasEnded } from '../../../../shared/liveBlog.ts'

export type ArticleFormView = Omit<ArticleFormProps, `on${string}` | 'uploadImage' | 'uploadVideo'>

export function articleFormView(snapshot: ArticleFormSnapshot): ArticleFormView {
  const { context } = snapshot
  const live = context.loaded?.live ?? null
  const base = context.loaded?.base ?? {}
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'loadFailed' : snapshot.matches('notFound') ? 'notFound' : 'ready',
    mode: context.mode,
    id: context.id,
    frontPage: context.frontPage,
    values: context.values,
    authors: context.authors,
    categories: context.categories,
    // Saved stays busy until the route has moved on, so a second click cannot save twice.
    saving: snapshot.matches('saving') || snapshot.matches('saved') || snapshot.matches('scheduling'),
    // The last save's failure, shown beside the buttons (the conflict message in conflict).
    error: snapshot.matches('failed') || snapshot.matches('conflict') ? context.error : null,
    conflict: snapshot.matches('conflict'),
    // A stale draft's refused publish, with nobody else's save: nothing to reload, the draft's choices open.
    staleConflict: snapshot.matches('conflict') && context.staleConflict,
    loadError: snapshot.matches('loadFailed') ? context.error : null,
    takenSlug: context.takenSlug,
    schedule: context.schedule,
    // As the machine's mayBeScheduled guard: no schedule already (a live article's changes may be scheduled).
    maySchedule: context.schedule === null,
    live: Boolean(context.loaded?.revisions.published),
    // A live blog whose coverage has ended, as readers have it: its placement leaves Breaking News out.
    liveBlogEndedAt: live && liveBlogHasEnded(live) ? String((live as { liveBlogEndedAt?: unknown }).liveBlogEndedAt) : null,
    cancellingSchedule: snapshot.matches('cancellingSchedule'),
    // A draft the form opened beside the published version, compared with it as the editor edits.
    draft:
      context.draftBesideLive && live && context.loaded?.revisions.draft
        ? { stale: context.loaded.stale === true, kept: context.keptDraft, compare: (values) => differencesFromLive(live as StoredArticle, values, context.id, base, [...context.authors, ...context.categories]) }
        : null,
    discarding: snapshot.matches('discardingDraft'),
    autosave: {
      saving: snapshot.matches({ editing: 'autosaving' }),
      savedAt: context.draftSavedAt,
      error: snapshot.matches({ editing: 'autosaveFailed' }) ? context.autosaveError : null,
    },
  }
}
