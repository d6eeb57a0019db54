import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { EditorsPresent } from '../../../components/admin/EditorsPresent.tsx'
import { ArticleFormPage } from './-ArticleFormPage.tsx'
import { ArticleHistory } from './-articleHistory.tsx'
import { ArticleReadsPanel } from './-articleReads.tsx'
import { useEditorsPresent } from './-editorsPresent.ts'

// The edit form at /admin/edit/articles/{id}. (The old /admin/articles/{id} addresses only redirect
// here: see (redirects)/.)
export const Route = createFileRoute('/admin/_authed/edit/articles/$id')({
  head: () => ({ meta: [{ title: 'Edit article | Resonance Admin' }] }),
  component: EditArticleRoute,
})

function EditArticleRoute() {
  const { id } = Route.useParams()
  // A restored version is a new save: the form loads the article afresh to show it.
  const [restores, setRestores] = useState(0)
  // Who else has this article open: kept across a restore, which only reloads the form.
  const present = useEditorsPresent(id)
  // Another article's id is another form, from scratch.
  return (
    <>
      <ArticleFormPage key={`${id}:${restores}`} id={id} notice={<EditorsPresent {...present} />} />
      <ArticleReadsPanel key={`reads:${id}`} id={id} />
      <ArticleHistory key={id} id={id} onRestored={() => setRestores((n) => n + 1)} />
    </>
  )
}
