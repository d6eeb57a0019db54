import { createFileRoute, redirect } from '@tanstack/react-router'

// The spec's list links here; an article is edited at /admin/edit/articles/{id}.
export const Route = createFileRoute('/admin/_authed/articles/$id')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/admin/edit/articles/$id', params: { id: params.id }, replace: true })
  },
})
