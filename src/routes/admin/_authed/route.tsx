import { createFileRoute, ErrorComponent, Link, Outlet, redirect, useNavigate, useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, type ReactNode } from 'react'
import { AdminLayout } from '../../../components/admin/AdminLayout.tsx'
import { RoleRefused } from '../../../components/admin/RoleRefused.tsx'
import { UnreadBadge } from '../../../components/admin/UnreadBadge.tsx'
import { withUnread } from '../../../content/admin/inbox.ts'
import { canEnterAdmin } from '../../../machines/authMachine.ts'
import { useUnreadCount } from '../-newsroom.ts'
import { authActor } from '../-session.ts'
import { adminAreaOf, adminAreas, mayUseAdminArea, type AdminArea, type Role } from '../../../../shared/roles.ts'

// Every admin screen but sign-in: only a signed-in admin, editor or contributor gets in; anyone else goes to
// sign-in, which brings them back here afterwards.
export const Route = createFileRoute('/admin/_authed')({
  beforeLoad: async ({ location }) => {
    // Imported here, not at the top: route options stay in the reader's main bundle, and the
    // admin session (with its sign-in check) must load only when someone opens the admin area.
    const [{ settledAuth }, { canEnterAdmin }] = await Promise.all([import('../-session.ts'), import('../../../machines/authMachine.ts')])
    const auth = await settledAuth()
    if (!canEnterAdmin(auth)) throw redirect({ to: '/admin/login', search: { redirect: location.href } })
    // A page this role may not use, opened by its address, says so in words (shared/roles.ts)
    // instead of loading what the service would refuse.
    const area = adminAreaOf(location.pathname)
    if (area && !mayUseAdminArea(auth.context.role, area)) throw new AreaRefused(area, auth.context.role)
  },
  pendingComponent: () => <p className="admin-loading">Loading...</p>,
  errorComponent: AuthedError,
  component: AuthedLayout,
})

/** Thrown before a page loads when the signed-in role may not use it. */
class AreaRefused extends Error {
  constructor(
    readonly area: AdminArea,
    readonly role: Role | null,
  ) {
    super(adminAreas[area].refusal)
  }
}

function AuthedError({ error }: ErrorComponentProps) {
  if (!(error instanceof AreaRefused)) return <ErrorComponent error={error} />
  const { name, refusal } = adminAreas[error.area]
  return (
    <AuthedLayout>
      <RoleRefused name={name} refusal={refusal} role={error.role ?? 'guest'} back={<Link to="/admin/dashboard">Back to the dashboard</Link>} />
    </AuthedLayout>
  )
}

function AuthedLayout({ children }: { children?: ReactNode }) {
  const email = useSelector(authActor, (s) => s.context.user?.email ?? null)
  const allowed = useSelector(authActor, canEnterAdmin)
  const signingOut = useSelector(authActor, (s) => s.matches('signingOut'))
  const href = useRouterState({ select: (s) => s.location.href })
  const navigate = useNavigate()
  // Links a role may use (shared/roles.ts): readers' mail, authors and categories for writers (not
  // contributors, whom the service refuses them), people for admins.
  const role = useSelector(authActor, (s) => s.context.role)
  const may = (area: AdminArea) => mayUseAdminArea(role, area)
  const isWriter = may('inbox')
  const unread = useUnreadCount(isWriter)
  const canManagePeople = may('people')
  // Webhooks send content anywhere with the paper's signature: the service lets admins alone manage them.
  const canManageWebhooks = may('webhooks')

  // Signed out meanwhile (Logout, or the server said the session is gone): back to sign-in.
  useEffect(() => {
    if (!allowed && !signingOut) void navigate({ to: '/admin/login', search: { redirect: href }, replace: true })
  }, [allowed, signingOut, href, navigate])

  return (
    <AdminLayout
      email={email}
      onLogout={() => authActor.send({ type: 'sign.out' })}
      nav={
        <ul>
          <li>
            <Link to="/admin" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
              Dashboard
            </Link>
          </li>
          <li>
            <Link to="/admin/articles" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
              Articles
            </Link>
          </li>
          <li>
            <Link to="/admin/articles/new" activeProps={{ 'aria-current': 'page' }}>
              New Article
            </Link>
          </li>
          <li>
            <Link to="/admin/articles/deleted" activeProps={{ 'aria-current': 'page' }}>
              Recently deleted
            </Link>
          </li>
          <li>
            <Link to="/admin/audience" activeProps={{ 'aria-current': 'page' }}>
              Audience
            </Link>
          </li>
          {isWriter ? (
            <>
              <li>
                <Link to="/admin/inbox" activeProps={{ 'aria-current': 'page' }} aria-label={unread ? withUnread('Inbox', unread) : undefined}>
                  Inbox
                  <UnreadBadge count={unread} />
                </Link>
              </li>
              <li>
                <Link to="/admin/subscribers" activeProps={{ 'aria-current': 'page' }}>
                  Subscribers
                </Link>
              </li>
              <li>
                <Link to="/admin/outbox" activeProps={{ 'aria-current': 'page' }}>
                  Outbox
                </Link>
              </li>
              <li>
                <Link to="/admin/newsletters" activeProps={{ 'aria-current': 'page' }}>
                  Newsletters
                </Link>
              </li>
              <li>
                <Link to="/admin/authors" activeProps={{ 'aria-current': 'page' }}>
                  Authors
                </Link>
              </li>
              <li>
                <Link to="/admin/categories" activeProps={{ 'aria-current': 'page' }}>
                  Categories
                </Link>
              </li>
            </>
          ) : null}
          {canManagePeople ? (
            <li>
              <Link to="/admin/people" activeProps={{ 'aria-current': 'page' }}>
                People
              </Link>
            </li>
          ) : null}
          {canManageWebhooks ? (
            <li>
              <Link to="/admin/webhooks" activeProps={{ 'aria-current': 'page' }}>
                Webhooks
              </Link>
            </li>
          ) : null}
        </ul>
      }
    >
      {children ?? <Outlet />}
    </AdminLayout>
  )
}
