import { createFileRoute, useRouter } from '@tanstack/react-router'
import { AdminDashboard } from '../../../components/admin/AdminDashboard.tsx'
import { dashboardDeleteFailure, deleteDocument, fetchDashboard, type AdminListItem } from '../../../content/admin/queries.ts'
import { toasts, withSession } from '../-session.ts'

const nothingToDelete = async () => {}

export const Route = createFileRoute('/admin/_authed/dashboard')({
  head: () => ({ meta: [{ title: 'Dashboard | Resonance Admin' }] }),
  loader: () => withSession(fetchDashboard),
  pendingComponent: () => <AdminDashboard state={{ status: 'loading' }} onDelete={nothingToDelete} />,
  errorComponent: DashboardError,
  component: DashboardRoute,
})

function DashboardRoute() {
  const data = Route.useLoaderData()
  const router = useRouter()
  const remove = async (article: AdminListItem) => {
    const toast = toasts.loading('Deleting article...')
    try {
      await withSession((client) => deleteDocument(client, article.id))
      toasts.settle(toast, { kind: 'success', title: 'Article deleted!', description: 'Article deleted successfully.' })
    } catch (error) {
      toasts.settle(toast, { kind: 'error', title: dashboardDeleteFailure(error) })
    }
    await router.invalidate()
  }
  return <AdminDashboard state={{ status: 'ready', data }} onDelete={remove} />
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
