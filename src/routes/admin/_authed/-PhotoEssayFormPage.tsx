// The photo essay form page that /admin/photo-essays/new and /admin/photo-essays/{id} both render:
// the photo essay form machine with the signed-in editor's content client for its effects, its
// snapshot shown through the PhotoEssayForm component. (Files starting with '-' are not routes.)

import type { Mutation } from '@sanity/client'
import { useNavigate } from '@tanstack/react-router'
import { useActor } from '@xstate/react'
import { useMemo, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { PhotoEssayForm } from '../../../components/admin/PhotoEssayForm.tsx'
import { uploadImageAsset } from '../../../content/admin/articleForm/imageUpload.ts'
import { loadPhotoEssayForm, type PhotoEssayFormData } from '../../../content/admin/photoEssayForm/load.ts'
import { essayMessages } from '../../../content/admin/photoEssayForm/messages.ts'
import { discardEssayDraft, savePhotoEssay, type EssayDiscardInput, type EssaySaveInput } from '../../../content/admin/photoEssayForm/save.ts'
import { photoEssayFormMachine } from '../../../machines/photoEssayFormMachine.ts'
import { photoEssayFormView } from './-photoEssayFormView.ts'
import { toasts, withSession } from '../-session.ts'

/** The form for the photo essay `id`, or for a new one when `id` is null. */
export function PhotoEssayFormPage({ id, notice }: { id: string | null; notice?: ReactNode }) {
  const navigate = useNavigate()
  const machine = useMemo(
    () =>
      photoEssayFormMachine.provide({
        actors: {
          load: fromPromise<PhotoEssayFormData, { id: string | null }>(({ input }) => withSession((client) => loadPhotoEssayForm((query, params) => client.fetch(query, params ?? {}), input.id))),
          save: fromPromise<void, EssaySaveInput>(({ input }) =>
            withSession((client) => savePhotoEssay({ fetch: (query, params) => client.fetch(query, params ?? {}), mutate: (mutations) => client.mutate(mutations as Mutation[]) }, input)),
          ),
          discardDraft: fromPromise<void, EssayDiscardInput>(({ input }) => withSession((client) => discardEssayDraft((mutations) => client.mutate(mutations as Mutation[]), input))),
        },
        actions: {
          announceSaved: (_, { mode }) => {
            toasts.success('Success', mode === 'create' ? essayMessages.created : essayMessages.updated)
            void navigate({ to: '/admin/content/$sectionType', params: { sectionType: 'images' } })
          },
          announceFailure: (_, { message }) => {
            toasts.error('Error', message)
          },
          announceDraftDiscarded: () => {
            toasts.success('Draft discarded', essayMessages.draftDiscarded)
          },
        },
      }),
    [navigate],
  )
  const [snapshot, send] = useActor(machine, { input: { id } })
  return (
    <PhotoEssayForm
      {...photoEssayFormView(snapshot)}
      notice={notice}
      onSubmit={(values) => send({ type: 'save', values })}
      onCancel={() => void navigate({ to: '/admin/content/$sectionType', params: { sectionType: 'images' } })}
      onRetry={() => send({ type: 'retry' })}
      onReload={() => send({ type: 'reload' })}
      onDiscardDraft={() => send({ type: 'discardDraft' })}
      onKeepEditing={() => send({ type: 'keepEditing' })}
      uploadImage={(file, onProgress) => withSession((client) => uploadImageAsset(client, file, onProgress))}
    />
  )
}
