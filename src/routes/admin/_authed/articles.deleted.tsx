import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router'
import type { Mutation } from '@sanity/client'
import { useState } from 'react'
import { DeletedArticles } from '../../../components/admin/DeletedArticles.tsx'
import { authorName, deletedTitle, recreateMutations, revisionTime } from '../../../content/admin/history.ts'
import { deletedArticles } from '../../../content/clients/history.ts'
import { toasts, withSession } from '../-session.ts'

// Articles deleted in the last 30 days (the service's history), each brought back as a draft from
// its last revision by Restore, which then opens it in the editor.
export const Route = createFileRoute('/admin/_authed/articles/deleted')({
  head: () => ({ meta: [{ title: 'Recently deleted | Resonance Admin' }] }),
  loader: () => withSession((client) => deletedArticles(client)),
  pendingComponent: () => <DeletedArticles state={{ status: 'loading' }} restoring={null} onRestore={() => {}} />,
  errorComponent: DeletedError,
  component: DeletedRoute,
})

function DeletedRoute() {
  const articles = Route.useLoaderData()
  const navigate = useNavigate()
  const [restoring, setRestoring] = useState<string | null>(null)
  const restore = async (id: string) => {
    const article = articles.find((a) => a.id === id)
    if (!article) return
    setRestoring(id)
    try {
      await withSession((client) => client.mutate(recreateMutations(id, article.document) as Mutation[]))
      toasts.success('Success', `“${deletedTitle(article)}” is back as a draft.`)
      void navigate({ to: '/admin/edit/articles/$id', params: { id } })
    } catch (error) {
      toasts.error('Error', `Could not restore the article: ${error instanceof Error ? error.message : String(error)}`)
      setRestoring(null)
    }
  }
  return (
    <DeletedArticles
      state={{
        status: 'ready',
        data: articles.map((a) => ({ id: a.id, title: deletedTitle(a), deletedAt: revisionTime(a.deletedAt), deletedBy: authorName(a.deletedBy, new Map([[a.deletedBy, a.deletedByEmail]])) })),
      }}
      restoring={restoring}
      onRestore={(id) => void restore(id)}
    />
  )
}

function DeletedError({ error }: { error: unknown }) {
  const router = useRouter()
  return <DeletedArticles state={{ status: 'error', message: error instanceof Error ? error.message : String(error) }} restoring={null} onRestore={() => {}} onRetry={() => void router.invalidate()} />
}
