// The live blog desk beside an article's edit form (docs/decisions/035-live-blog-desk.md): the desk
// machine with the signed-in editor's content client for its effects and the blog's listen stream,
// shown through the LiveBlogDesk component. Starting or ending coverage writes the article under
// its open form, so it waits until the form has kept every change (its autosave), and the form is
// then loaded again by the route. (Files starting with '-' are not routes.)

import type { Mutation } from '@sanity/client'
import { useActor, useSelector } from '@xstate/react'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { fromCallback, fromPromise } from 'xstate'
import { LiveBlogDesk } from '../../../components/admin/LiveBlogDesk.tsx'
import { uploadImageAsset } from '../../../content/admin/articleForm/imageUpload.ts'
import {
  changeCoverage,
  deleteUpdate,
  editUpdate,
  loadDesk,
  postUpdate,
  publishUpdate,
  refreshDesk,
  type CoverageChange,
  type DeskBlog,
  type DeskData,
  type DeskDeps,
  type DeskUpdate,
  type PostInput,
} from '../../../content/admin/liveBlogDesk.ts'
import { watchLiveBlog } from '../../../content/clients/liveBlogDesk.ts'
import { liveBlogDeskMachine, liveBlogDeskView, type LiveBlogDeskEvent, type PublishInput, type RefreshInput, type SaveUpdateInput } from '../../../machines/liveBlogDeskMachine.ts'
import { mayPublish } from '../../../../shared/roles.ts'
import { authActor, withSession } from '../-session.ts'

/** Said when coverage is asked to change while the article form holds changes its autosave has not kept yet. */
export const formUnsavedMessage = 'The article form has changes not saved yet: wait until it says the draft is saved, then try again.'

const deskDeps = <T,>(call: (deps: DeskDeps) => Promise<T>): Promise<T> =>
  withSession((client) =>
    call({
      fetch: (query, params) => client.fetch(query, params ?? {}),
      mutate: (mutations, options) => client.mutate(mutations as Mutation[], { ...options, returnDocuments: false }),
    }),
  )

export interface LiveBlogDeskPanelProps {
  id: string
  /** Who else has the article open. */
  notice?: ReactNode
  /** Whether the article form beside the desk holds changes not kept yet. */
  formUnsaved: () => boolean
  /** Coverage started or ended: the article changed under its form. */
  onCoverageChanged: (change: CoverageChange) => void
  /** Tells the route whether the article is a live blog (the page lays the desk out beside the form then). */
  onLiveBlog: (isLiveBlog: boolean) => void
}

export function LiveBlogDeskPanel({ id, notice, formUnsaved, onCoverageChanged, onLiveBlog }: LiveBlogDeskPanelProps) {
  const canPublish = useSelector(authActor, (s) => mayPublish(s.context.role))
  const machine = useMemo(
    () =>
      liveBlogDeskMachine.provide({
        actors: {
          load: fromPromise<DeskData, { blog: string; shown: number }>(({ input }) => deskDeps((deps) => loadDesk(deps.fetch, input.blog, input.shown))),
          refresh: fromPromise<DeskData, RefreshInput>(({ input }) =>
            deskDeps((deps) => (input.ids === null ? loadDesk(deps.fetch, input.blog, input.shown) : refreshDesk(deps.fetch, input.data, input.ids, input.older))),
          ),
          post: fromPromise<string[], PostInput>(({ input }) => deskDeps((deps) => postUpdate(deps, input))),
          save: fromPromise<string[], SaveUpdateInput>(({ input }) => deskDeps((deps) => editUpdate(deps, input.update, input.values))),
          remove: fromPromise<string[], { update: DeskUpdate }>(({ input }) => deskDeps((deps) => deleteUpdate(deps, input.update))),
          publish: fromPromise<string[], PublishInput>(({ input }) => deskDeps((deps) => publishUpdate(deps, input.blog, input.update))),
          coverage: fromPromise<string[], { blog: DeskBlog; change: CoverageChange }>(async ({ input }) => {
            if (formUnsaved()) throw new Error(formUnsavedMessage)
            return deskDeps((deps) => changeCoverage(deps, input.blog, input.change))
          }),
          watch: fromCallback<LiveBlogDeskEvent, { blog: string }>(({ sendBack, input }) => {
            const controller = new AbortController()
            const ended = () => {
              if (!controller.signal.aborted) sendBack({ type: 'stream.ended' })
            }
            const token = authActor.getSnapshot().context.session?.access_token
            if (!token) ended()
            else void watchLiveBlog(token, input.blog, (id) => sendBack({ type: 'blog.changed', ids: [id] }), controller.signal).then(ended, ended)
            return () => controller.abort()
          }),
        },
        actions: {
          coverageChanged: (_, { change }) => onCoverageChanged(change),
        },
      }),
    // The form's callbacks are read when called; the machine is made once per article.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id],
  )
  const [snapshot, send] = useActor(machine, { input: { blog: id, canPublish } })
  const view = liveBlogDeskView(snapshot)
  const isLiveBlog = view.data?.blog.isLiveBlog === true
  useEffect(() => onLiveBlog(isLiveBlog), [isLiveBlog, onLiveBlog])
  // Times read "14.05 GMT" against a clock that moves on, so "today" stays right past midnight.
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return (
    <LiveBlogDesk
      {...view}
      notice={notice}
      now={now}
      uploadImage={(file, onProgress) => withSession((client) => uploadImageAsset(client, file, onProgress))}
      onPost={(values) => send({ type: 'post', values })}
      onEdit={(updateId) => send({ type: 'edit', id: updateId })}
      onCancelEdit={() => send({ type: 'cancelEdit' })}
      onSave={(values) => send({ type: 'save', values })}
      onDelete={(updateId) => send({ type: 'delete', id: updateId })}
      onPublish={(updateId) => send({ type: 'publish', id: updateId })}
      onStartCoverage={() => send({ type: 'startCoverage' })}
      onEndCoverage={() => send({ type: 'endCoverage' })}
      onConfirm={() => send({ type: 'confirm' })}
      onCancel={() => send({ type: 'cancel' })}
      onRetry={() => send({ type: 'retry' })}
      onShowOlder={() => send({ type: 'showOlder' })}
    />
  )
}
