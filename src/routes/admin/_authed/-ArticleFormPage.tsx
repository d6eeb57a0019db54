// The article form page that /admin/edit/articles/new and /admin/edit/articles/{id} both render: the
// article form machine with the signed-in editor's content client for its effects, its snapshot
// shown through the ArticleForm component. (Files starting with '-' are not routes.)

import type { Mutation } from '@sanity/client'
import { useBlocker, useNavigate, type HistoryState } from '@tanstack/react-router'
import { useActor, useSelector } from '@xstate/react'
import { useCallback, useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react'
import { fromPromise } from 'xstate'
import { ArticleForm } from '../../../components/admin/ArticleForm.tsx'
import { UnsavedChangesDialog } from '../../../components/admin/UnsavedChangesDialog.tsx'
import { autosaveDraft, type AutosaveOutput } from '../../../content/admin/articleForm/autosave.ts'
import { uploadImageAsset, uploadVideoAsset } from '../../../content/admin/articleForm/imageUpload.ts'
import { loadArticleForm, loadArticleFormScreen, type ArticleFormScreenData } from '../../../content/admin/articleForm/load.ts'
import { messages } from '../../../content/admin/articleForm/messages.ts'
import { discardDraft, saveArticle, type DiscardInput } from '../../../content/admin/articleForm/save.ts'
import type { SaveInput } from '../../../content/admin/articleForm/transaction.ts'
import { scheduledSaveInput } from '../../../content/admin/articleForm/schedule.ts'
import type { ArticleFormValues } from '../../../content/admin/articleForm/values.ts'
import { londonTime, pendingPublishes, type ScheduledPublish } from '../../../content/admin/schedules.ts'
import { cancelSchedule, pendingSchedules, schedulePublish } from '../../../content/clients/schedules.ts'
import { articleFormMachine, type ArticleFormLoad, type ScheduleInput, type ScheduleOutput } from '../../../machines/articleFormMachine.ts'
import { mayPublish } from '../../../../shared/roles.ts'
import { articleFormView } from './-articleFormView.ts'
import { authActor, toasts, withSession } from '../-session.ts'

/**
 * The form for the article `id`, or for a new article when `id` is null (the machine's create mode);
 * `notice` goes under its heading (who else has the article open). `unsavedCheckRef` is given the
 * question whether the form holds changes not kept yet (the live blog desk asks it).
 */
export function ArticleFormPage({ id, notice, unsavedCheckRef }: { id: string | null; notice?: ReactNode; unsavedCheckRef?: RefObject<(() => boolean) | null> }) {
  const navigate = useNavigate()
  // A contributor's form saves drafts only; the service refuses them anything else.
  const canPublish = useSelector(authActor, (s) => mayPublish(s.context.role))
  const machine = useMemo(
    () =>
      articleFormMachine.provide({
        actors: {
          load: fromPromise<ArticleFormLoad, { id: string | null }>(({ input }) =>
            withSession(async (client) => {
              const [screen, schedule] = await Promise.all([
                loadArticleFormScreen(
                  (query, params) => client.fetch(query, params ?? {}),
                  // The homepage's slots as readers see them: published documents only.
                  (query, params, options) => client.fetch(query, params, { ...options, perspective: 'published' }),
                  input.id,
                ),
                // The form works without the Scheduling API (a contributor may not read it): no schedule shown.
                input.id
                  ? pendingSchedules(client, [input.id])
                      .then((schedules) => pendingPublishes(schedules).get(input.id!) ?? null)
                      .catch(() => null)
                  : null,
              ])
              return { ...screen, schedule } satisfies ArticleFormScreenData & { schedule: ScheduledPublish | null }
            }),
          ),
          save: fromPromise<void, SaveInput>(({ input }) =>
            withSession((client) =>
              saveArticle(
                { fetch: (query, params) => client.fetch(query, params ?? {}), mutate: (mutations) => client.mutate(mutations as Mutation[]) },
                { ...input, draftOnly: !mayPublish(authActor.getSnapshot().context.role) },
              ),
            ),
          ),
          // The draft (a new article's undated, for the schedule to date when it fires; a live one's changes beside the published
          // version), then its schedule: a failed schedule leaves a draft readers never see.
          schedule: fromPromise<ScheduleOutput, ScheduleInput>(({ input }) =>
            withSession(async (client) => {
              const fetch = <T,>(query: string, params?: Record<string, unknown>) => client.fetch<T>(query, params ?? {})
              await saveArticle({ fetch, mutate: (mutations) => client.mutate(mutations as Mutation[]) }, scheduledSaveInput(input))
              const schedule = await schedulePublish(client, input.id, new Date(input.executeAt), `Publish: ${input.values.title}`)
              return { schedule, article: (await loadArticleForm(fetch, input.id)).article }
            }),
          ),
          cancelSchedule: fromPromise<void, { scheduleId: string }>(({ input }) => withSession((client) => cancelSchedule(client, input.scheduleId))),
          // The draft only, whoever edits: an autosave never publishes.
          autosave: fromPromise<AutosaveOutput, SaveInput>(({ input }) =>
            withSession((client) => autosaveDraft((mutations) => client.mutate(mutations as Mutation[], { returnDocuments: false }), input)),
          ),
          discardDraft: fromPromise<void, DiscardInput>(({ input }) => withSession((client) => discardDraft((mutations) => client.mutate(mutations as Mutation[]), input))),
        },
        actions: {
          announceSaved: (_, { mode }) => {
            toasts.success('Success', mode === 'create' ? messages.created : messages.updated)
            // Saved: nothing is lost by leaving, so the unsaved-changes question is not asked.
            void navigate({ to: '/admin/dashboard', ignoreBlocker: true })
          },
          announceFailure: (_, { message }) => {
            toasts.error('Error', message)
          },
          announceScheduled: (_, { executeAt, live }) => {
            toasts.success('Scheduled', `${live ? 'The changes' : 'The article'} will be published ${londonTime(executeAt)}, London time.`)
          },
          announceDraftDiscarded: () => {
            toasts.success('Draft discarded', 'The form shows the published version readers see.')
          },
          announceScheduleCancelled: (_, { live }) => {
            toasts.success('Schedule cancelled', live ? 'Readers keep the published version; the changes stay in the draft.' : 'The article stays a draft.')
          },
        },
      }),
    [navigate],
  )
  const [snapshot, send, actorRef] = useActor(machine, { input: { id } })
  // Edits not saved yet: leaving by a link, Cancel, Back or closing the tab asks first. A save that
  // succeeded leaves without asking (announceSaved), nor is anything asked once the autosave has
  // kept every change in the draft.
  const dirty = useRef(false)
  const onDirtyChange = useCallback((now: boolean) => {
    dirty.current = now
  }, [])
  // Changes the autosave has kept in the draft are not lost by leaving either.
  // Nor after a save: the form stays on screen while the dashboard it goes to loads, and closing the
  // tab then must not ask about changes the save has just kept.
  const unsaved = useCallback(() => {
    const now = actorRef.getSnapshot()
    return dirty.current && !now.matches({ editing: 'draftSaved' }) && !now.matches('saved')
  }, [actorRef])
  useEffect(() => {
    if (!unsavedCheckRef) return
    unsavedCheckRef.current = unsaved
    return () => {
      if (unsavedCheckRef.current === unsaved) unsavedCheckRef.current = null
    }
  }, [unsavedCheckRef, unsaved])
  const shouldBlockFn = useCallback(({ current, next }: { current: { pathname: string }; next: { pathname: string } }) => unsaved() && next.pathname !== current.pathname, [unsaved])
  const onValuesChange = useCallback((values: ArticleFormValues) => send({ type: 'change', values }), [send])
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload: unsaved, withResolver: true })
  // A new article has a draft once autosaved or scheduled: the address bar then shows the edit
  // form's address, so a reload or a shared link opens that draft. It is a mask over this route (the
  // history entry replaced), not a move to the edit route, which would mount a new form under the
  // editor's typing; the mask is dropped on reload, when the edit route opens the draft itself.
  const draftId = useSelector(actorRef, (s) => (id === null && s.context.loaded !== null ? s.context.id : null))
  useEffect(() => {
    if (draftId === null) return
    // State that differs from the current entry's, or the router takes the same route for no change.
    const state = { draftId } as HistoryState
    void navigate({
      to: '/admin/edit/articles/new',
      replace: true,
      resetScroll: false,
      ignoreBlocker: true,
      state: (previous) => ({ ...previous, ...state }),
      mask: { to: '/admin/edit/articles/$id', params: { id: draftId }, unmaskOnReload: true },
    })
  }, [draftId, navigate])
  return (
    <>
      <ArticleForm
        {...articleFormView(snapshot)}
        canPublish={canPublish}
        onSubmit={(values) => send({ type: 'save', values })}
        onCancel={() => void navigate({ to: '/admin/dashboard' })}
        onRetry={() => send({ type: 'retry' })}
        onReload={() => send({ type: 'reload' })}
        onSchedule={(values, executeAt) => send({ type: 'schedule', values, executeAt })}
        onCancelSchedule={() => send({ type: 'cancelSchedule' })}
        onDiscardDraft={() => send({ type: 'discardDraft' })}
        onKeepEditing={() => send({ type: 'keepEditing' })}
        uploadImage={(file, onProgress) => withSession((client) => uploadImageAsset(client, file, onProgress))}
        uploadVideo={(file, onProgress) => withSession((client) => uploadVideoAsset(client, file, onProgress))}
        onDirtyChange={onDirtyChange}
        onValuesChange={onValuesChange}
        notice={notice}
      />
      <UnsavedChangesDialog open={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </>
  )
}
