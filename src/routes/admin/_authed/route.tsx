import { createFileRoute, Link, Outlet, redirect, useNavigate, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { AdminLayout } from '../../../components/admin/AdminLayout.tsx'
import { UnreadBadge } from '../../../components/admin/UnreadBadge.tsx'
import { withUnread } from '../../../content/admin/inbox.ts'
import { canEnterAdmin } from '../../../machines/authMachine.ts'
import { useUnreadCount } from '../-newsroom.ts'
import { authActor } from '../-session.ts'
import { mayManagePeople, mayPublish } from '../../../../shared/roles.ts'

// Every admin screen but sign-in: only a signed-in admin, editor or contributor gets in; anyone else goes to
// sign-in, which brings them back here afterwards.
export const Route = createFileRoute('/admin/_authed')({
  beforeLoad: async ({ location }) => {
    // Imported here, not at the top: route options stay in the reader's main bundle, and the
    // admin session (with its sign-in check) must load only when someone opens the admin area.
    const [{ settledAuth }, { canEnterAdmin }] = await Promise.all([import('../-session.ts'), import('../../../machines/authMachine.ts')])
    const auth = await settledAuth()
    if (!canEnterAdmin(auth)) throw redirect({ to: '/admin/login', search: { redirect: location.href } })
  },
  pendingComponent: () => <p className="admin-loading">Loading...</p>,
  component: AuthedLayout,
})

function AuthedLayout() {
  const email = useSelector(authActor, (s) => s.context.user?.email ?? null)
  const allowed = useSelector(authActor, canEnterAdmin)
  const signingOut = useSelector(authActor, (s) => s.matches('signingOut'))
  const href = useRouterState({ select: (s) => s.location.href })
  const navigate = useNavigate()
  // Links a role may use (shared/roles.ts): readers' mail, authors and categories for writers (not
  // contributors, whom the service refuses them), people for admins.
  const isWriter = useSelector(authActor, (s) => mayPublish(s.context.role))
  const unread = useUnreadCount(isWriter)
  const canManagePeople = useSelector(authActor, (s) => mayManagePeople(s.context.role))
  // Webhooks send content anywhere with the paper's signature: the service lets admins alone manage them.
  const canManageWebhooks = useSelector(authActor, (s) => s.context.role === 'admin')

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
      <Outlet />
    </AdminLayout>
  )
}
