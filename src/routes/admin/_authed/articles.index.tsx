import { createFileRoute, useRouter, useRouterState } from '@tanstack/react-router'
import { AdminArticleFilters } from '../../../components/admin/AdminArticleFilters.tsx'
import { AdminArticleTable } from '../../../components/admin/AdminArticleTable.tsx'
import { Pagination } from '../../../components/ui/Pagination.tsx'
import { articlePageCount, fetchArticleList, withScheduledPublishes } from '../../../content/admin/articleList.ts'
import { pendingPublishes } from '../../../content/admin/schedules.ts'
import { pendingSchedules } from '../../../content/clients/schedules.ts'
import { deleteFailureMessage } from '../../../content/admin/deletes.ts'
import { hasFilters, validateArticleListSearch, type ArticleListSearch } from '../../../content/admin/addresses.ts'
import { articleDeleteToasts, nothingToDelete, useDeleteWithToasts } from '../-delete.ts'
import { useSelector } from '@xstate/react'
import { mayPublish } from '../../../../shared/roles.ts'
import { authActor, withSession } from '../-session.ts'

// The list's whole state (search, filters, sort, page) lives in the address, so a view can be
// bookmarked, shared and reloaded; the loader asks for one page of it.
export const Route = createFileRoute('/admin/_authed/articles/')({
  validateSearch: validateArticleListSearch,
  loaderDeps: ({ search }) => search,
  head: () => ({ meta: [{ title: 'Articles | Resonance Admin' }] }),
  loader: ({ deps }) =>
    withSession(async (client) => {
      const list = await fetchArticleList(client, deps)
      // Scheduled drafts are marked from the Scheduling API; the list still shows when it cannot be read.
      const schedules = await pendingSchedules(client, list.rows.map((row) => row.id)).catch(() => [])
      return withScheduledPublishes(list, pendingPublishes(schedules))
    }),
  pendingComponent: ArticlesPending,
  errorComponent: ArticlesError,
  component: ArticlesRoute,
})

function ArticlesRoute() {
  const search = Route.useSearch()
  const list = Route.useLoaderData()
  const navigate = Route.useNavigate()
  // Another view of this list loading (search changed, or refreshed after a delete): the table says
  // so and keeps its rows until the new ones arrive.
  const reloading = useRouterState({ select: (s) => s.status === 'pending' && s.location.pathname === s.resolvedLocation?.pathname })
  const page = search.page ?? 1
  // Changes apply to the address as it is now, which may be ahead of the page shown while a view loads.
  const show = (change: ArticleListSearch) => void navigate({ search: (previous) => ({ ...previous, ...change }) })
  const remove = useDeleteWithToasts({ ...articleDeleteToasts, failed: (error) => ({ title: 'Error', description: deleteFailureMessage(error) }) })
  // Deleting an article is a writer's; a contributor gets no Delete the service would refuse.
  const canDelete = useSelector(authActor, (s) => mayPublish(s.context.role))
  return (
    <AdminArticleTable
      state={{ status: 'ready', data: list }}
      page={page}
      sort={search.sort ?? 'newest'}
      filtered={hasFilters(search)}
      onSort={(sort) => show({ sort: sort === 'newest' ? undefined : sort, page: undefined })}
      onDelete={remove}
      canDelete={canDelete}
      busy={reloading}
      filters={<AdminArticleFilters search={search} categories={list.categories} authors={list.authors} onChange={show} />}
      pagination={<Pagination page={page} pageCount={articlePageCount(list.total)} label="Article pages" keepSearch pastTheEnd="leadBack" variant="admin" />}
    />
  )
}

function ArticlesPending() {
  const search = Route.useSearch()
  return <AdminArticleTable state={{ status: 'loading' }} page={search.page ?? 1} sort={search.sort ?? 'newest'} filtered={hasFilters(search)} onSort={() => {}} onDelete={nothingToDelete} />
}

function ArticlesError({ error }: { error: unknown }) {
  const search = Route.useSearch()
  const router = useRouter()
  return (
    <AdminArticleTable
      state={{ status: 'error', message: error instanceof Error ? error.message : String(error) }}
      page={search.page ?? 1}
      sort={search.sort ?? 'newest'}
      filtered={hasFilters(search)}
      onSort={() => {}}
      onDelete={nothingToDelete}
      onRetry={() => void router.invalidate()}
    />
  )
}
