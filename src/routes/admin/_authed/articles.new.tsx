import { createFileRoute, redirect } from '@tanstack/react-router'

// The spec's side link points here; the form lives at /admin/edit/articles/new.
export const Route = createFileRoute('/admin/_authed/articles/new')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/edit/articles/new', replace: true })
  },
})
