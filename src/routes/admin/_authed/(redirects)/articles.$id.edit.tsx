import { createFileRoute, redirect } from '@tanstack/react-router'

// Only a redirect, kept because the spec's section manager links to /admin/articles/{id}/edit: the
// form itself is ../edit.articles.$id.tsx, at /admin/edit/articles/{id}. The (redirects) folder is a
// route group: it groups files and adds nothing to the address.
export const Route = createFileRoute('/admin/_authed/(redirects)/articles/$id/edit')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/admin/edit/articles/$id', params: { id: params.id }, replace: true })
  },
})
