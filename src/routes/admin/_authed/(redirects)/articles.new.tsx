import { createFileRoute, redirect } from '@tanstack/react-router'

// Only a redirect, kept because the spec's side link points to /admin/articles/new: the form itself
// is ../edit.articles.new.tsx, at /admin/edit/articles/new. The (redirects) folder is a route group: it
// groups files and adds nothing to the address.
export const Route = createFileRoute('/admin/_authed/(redirects)/articles/new')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/edit/articles/new', replace: true })
  },
})
