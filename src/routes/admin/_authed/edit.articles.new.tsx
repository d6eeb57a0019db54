import { createFileRoute } from '@tanstack/react-router'
import { ArticleFormPage } from './-ArticleFormPage.tsx'

// The create form at /admin/edit/articles/new: the article form with no id, in create mode.
export const Route = createFileRoute('/admin/_authed/edit/articles/new')({
  head: () => ({ meta: [{ title: 'New article | Resonance Admin' }] }),
  component: () => <ArticleFormPage id={null} />,
})
