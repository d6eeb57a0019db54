import { createFileRoute, useRouter } from '@tanstack/react-router'
import { AdminDashboard } from '../../../components/admin/AdminDashboard.tsx'
import { fetchDashboard } from '../../../content/admin/dashboard.ts'
import { dashboardDeleteFailure } from '../../../content/admin/deletes.ts'
import { articleDeleteToasts, nothingToDelete, useDeleteWithToasts } from '../-delete.ts'
import { useSelector } from '@xstate/react'
import { mayPublish } from '../../../../shared/roles.ts'
import { authActor, withSession } from '../-session.ts'

export const Route = createFileRoute('/admin/_authed/dashboard')({
  head: () => ({ meta: [{ title: 'Dashboard | Resonance Admin' }] }),
  loader: () =>
    withSession((client) =>
      fetchDashboard({
        fetch: (query, params) => client.fetch(query, params ?? {}),
        // The homepage's own query, as readers see it: published documents only.
        fetchPublished: (query, params, options) => client.fetch(query, params, { ...options, perspective: 'published' }),
      }),
    ),
  pendingComponent: () => <AdminDashboard state={{ status: 'loading' }} onDelete={nothingToDelete} />,
  errorComponent: DashboardError,
  component: DashboardRoute,
})

function DashboardRoute() {
  const data = Route.useLoaderData()
  const remove = useDeleteWithToasts({ ...articleDeleteToasts, failed: (error) => ({ title: dashboardDeleteFailure(error) }) })
  // Deleting an article is a writer's; a contributor gets no Delete the service would refuse.
  const canDelete = useSelector(authActor, (s) => mayPublish(s.context.role))
  return <AdminDashboard state={{ status: 'ready', data }} onDelete={remove} canDelete={canDelete} />
}

function DashboardError({ error }: { error: unknown }) {
  const router = useRouter()
  return (
    <AdminDashboard
      state={{ status: 'error', message: error instanceof Error ? error.message : String(error) }}
      onDelete={nothingToDelete}
      onRetry={() => void router.invalidate()}
    />
  )
}
