// What the photo essay form shows for a snapshot of its machine: the states become the component's
// status and flags. Apart from the form page so the machine's model-based test renders the same
// mapping without the signed-in session.

import type { PhotoEssayFormProps } from '../../../components/admin/PhotoEssayForm.tsx'
import type { StoredEssay } from '../../../content/admin/photoEssayForm/document.ts'
import { essayDifferencesFromLive } from '../../../content/admin/photoEssayForm/draftVersusLive.ts'
import type { PhotoEssayFormSnapshot } from '../../../machines/photoEssayFormMachine.ts'

export type PhotoEssayFormView = Omit<PhotoEssayFormProps, `on${string}` | 'uploadImage' | 'newKey'>

/** What the form shows for a snapshot of its machine. */
export function photoEssayFormView(snapshot: PhotoEssayFormSnapshot): PhotoEssayFormView {
  const { context } = snapshot
  const live = context.loaded?.live ?? null
  const base = context.loaded?.base ?? {}
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'loadFailed' : snapshot.matches('notFound') ? 'notFound' : 'ready',
    mode: context.mode,
    values: context.values,
    authors: context.authors,
    // Saved stays busy until the route has moved on, so a second click cannot save twice.
    saving: snapshot.matches('saving') || snapshot.matches('saved'),
    error: snapshot.matches('failed') || snapshot.matches('conflict') ? context.error : null,
    conflict: snapshot.matches('conflict'),
    // A stale draft's refused publish, with nobody else's save: nothing to reload, the draft's choices open.
    staleConflict: snapshot.matches('conflict') && context.staleConflict,
    loadError: snapshot.matches('loadFailed') ? context.error : null,
    takenSlug: context.takenSlug,
    // A draft the form opened beside the published essay, compared with it as the editor edits.
    draft:
      context.draftBesideLive && live && context.loaded?.revisions.draft
        ? { stale: context.loaded.stale === true, kept: context.keptDraft, compare: (values) => essayDifferencesFromLive(live as StoredEssay, values, context.id, base, context.authors) }
        : null,
    discarding: snapshot.matches('discardingDraft'),
  }
}
