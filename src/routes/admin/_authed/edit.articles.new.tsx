import type { Mutation } from '@sanity/client'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useActor } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { ArticleForm } from '../../../components/admin/ArticleForm.tsx'
import { loadArticleForm, messages, saveArticle, uploadImageAsset, type ArticleFormData, type SaveInput } from '../../../content/admin/articleForm.ts'
import { articleFormMachine, articleFormView } from '../../../machines/articleFormMachine.ts'
import { toasts, withSession } from '../-session.ts'

// The create form at /admin/edit/articles/new: the article form machine (no id: create mode) with
// the signed-in editor's content client for its effects.
export const Route = createFileRoute('/admin/_authed/edit/articles/new')({
  head: () => ({ meta: [{ title: 'New article | Resonance Admin' }] }),
  component: NewArticle,
})

function NewArticle() {
  const navigate = useNavigate()
  const machine = useMemo(
    () =>
      articleFormMachine.provide({
        actors: {
          load: fromPromise<ArticleFormData, { id: string | null }>(({ input }) => withSession((client) => loadArticleForm((query, params) => client.fetch(query, params ?? {}), input.id))),
          save: fromPromise<void, SaveInput>(({ input }) =>
            withSession((client) => saveArticle({ fetch: (query, params) => client.fetch(query, params ?? {}), mutate: (mutations) => client.mutate(mutations as Mutation[]) }, input)),
          ),
        },
        actions: {
          announceSaved: (_, { mode }) => {
            toasts.success('Success', mode === 'create' ? messages.created : messages.updated)
            void navigate({ to: '/admin/dashboard' })
          },
          announceFailure: (_, { message }) => {
            toasts.error('Error', message)
          },
        },
      }),
    [navigate],
  )
  const [snapshot, send] = useActor(machine, { input: { id: null } })
  return (
    <ArticleForm
      {...articleFormView(snapshot)}
      onSubmit={(values) => send({ type: 'save', values })}
      onCancel={() => void navigate({ to: '/admin/dashboard' })}
      onRetry={() => send({ type: 'retry' })}
      onReload={() => send({ type: 'reload' })}
      uploadImage={(file, onProgress) => withSession((client) => uploadImageAsset(client, file, onProgress))}
    />
  )
}
