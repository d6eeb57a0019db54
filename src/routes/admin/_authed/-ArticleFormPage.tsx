// The article form page that /admin/edit/articles/new and /admin/edit/articles/{id} both render: the
// article form machine with the signed-in editor's content client for its effects, its snapshot
// shown through the ArticleForm component. (Files starting with '-' are not routes.)

import type { Mutation } from '@sanity/client'
import { useNavigate } from '@tanstack/react-router'
import { useActor, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { ArticleForm } from '../../../components/admin/ArticleForm.tsx'
import { uploadImageAsset } from '../../../content/admin/articleForm/imageUpload.ts'
import { loadArticleFormScreen, type ArticleFormScreenData } from '../../../content/admin/articleForm/load.ts'
import { messages } from '../../../content/admin/articleForm/messages.ts'
import { saveArticle } from '../../../content/admin/articleForm/save.ts'
import type { SaveInput } from '../../../content/admin/articleForm/transaction.ts'
import { articleFormMachine } from '../../../machines/articleFormMachine.ts'
import { mayPublish } from '../../../../shared/roles.ts'
import { articleFormView } from './-articleFormView.ts'
import { authActor, toasts, withSession } from '../-session.ts'

/** The form for the article `id`, or for a new article when `id` is null (the machine's create mode). */
export function ArticleFormPage({ id }: { id: string | null }) {
  const navigate = useNavigate()
  // A contributor's form saves drafts only; the service refuses them anything else.
  const canPublish = useSelector(authActor, (s) => mayPublish(s.context.role))
  const machine = useMemo(
    () =>
      articleFormMachine.provide({
        actors: {
          load: fromPromise<ArticleFormScreenData, { id: string | null }>(({ input }) =>
            withSession((client) =>
              loadArticleFormScreen(
                (query, params) => client.fetch(query, params ?? {}),
                // The homepage's slots as readers see them: published documents only.
                (query, params, options) => client.fetch(query, params, { ...options, perspective: 'published' }),
                input.id,
              ),
            ),
          ),
          save: fromPromise<void, SaveInput>(({ input }) =>
            withSession((client) =>
              saveArticle(
                { fetch: (query, params) => client.fetch(query, params ?? {}), mutate: (mutations) => client.mutate(mutations as Mutation[]) },
                { ...input, draftOnly: !mayPublish(authActor.getSnapshot().context.role) },
              ),
            ),
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
  const [snapshot, send] = useActor(machine, { input: { id } })
  return (
    <ArticleForm
      {...articleFormView(snapshot)}
      canPublish={canPublish}
      onSubmit={(values) => send({ type: 'save', values })}
      onCancel={() => void navigate({ to: '/admin/dashboard' })}
      onRetry={() => send({ type: 'retry' })}
      onReload={() => send({ type: 'reload' })}
      uploadImage={(file, onProgress) => withSession((client) => uploadImageAsset(client, file, onProgress))}
    />
  )
}
