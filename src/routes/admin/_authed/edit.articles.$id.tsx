import { createFileRoute } from '@tanstack/react-router'
import { ArticleFormPage } from './-ArticleFormPage.tsx'

// The edit form at /admin/edit/articles/{id}. (The old /admin/articles/{id} addresses only redirect
// here: see (redirects)/.)
export const Route = createFileRoute('/admin/_authed/edit/articles/$id')({
  head: () => ({ meta: [{ title: 'Edit article | Resonance Admin' }] }),
  component: EditArticleRoute,
})

function EditArticleRoute() {
  const { id } = Route.useParams()
  // Another article's id is another form, from scratch.
  return <ArticleFormPage key={id} id={id} />
}
