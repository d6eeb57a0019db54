import { createFileRoute } from '@tanstack/react-router'
import { useCallback, useRef, useState } from 'react'
import { EditorsPresent } from '../../../components/admin/EditorsPresent.tsx'
import { ArticleFormPage } from './-ArticleFormPage.tsx'
import { ArticleHistory } from './-articleHistory.tsx'
import { ArticleReadsPanel } from './-articleReads.tsx'
import { useEditorsPresent } from './-editorsPresent.ts'
import { LiveBlogDeskPanel } from './-liveBlogDesk.tsx'
import './-editArticle.css'

// The edit form at /admin/edit/articles/{id}. (The old /admin/articles/{id} addresses only redirect
// here: see (redirects)/.)
export const Route = createFileRoute('/admin/_authed/edit/articles/$id')({
  head: () => ({ meta: [{ title: 'Edit article | Resonance Admin' }] }),
  component: EditArticleRoute,
})

function EditArticleRoute() {
  const { id } = Route.useParams()
  // A restored version is a new save: the form loads the article afresh to show it. So does a
  // start or end of live coverage, which the desk writes to the article.
  const [restores, setRestores] = useState(0)
  // Who else has this article open: kept across a restore, which only reloads the form.
  const present = useEditorsPresent(id)
  // A live blog's desk sits beside the form on a wide screen, and above it on a narrow one.
  const [liveBlog, setLiveBlog] = useState(false)
  const unsaved = useRef<(() => boolean) | null>(null)
  const formUnsaved = useCallback(() => unsaved.current?.() ?? false, [])
  const reloadForm = useCallback(() => setRestores((n) => n + 1), [])
  // Who else is here is said at the top of what the editor works in: a live blog's desk, else the form.
  const presence = <EditorsPresent {...present} />
  // Another article's id is another form, from scratch.
  return (
    <>
      <div className={liveBlog ? 'edit-article edit-article--live' : 'edit-article'}>
        <div className="edit-article__form">
          <ArticleFormPage key={`${id}:${restores}`} id={id} notice={liveBlog ? null : presence} unsavedCheckRef={unsaved} />
        </div>
        <div className="edit-article__desk">
          <LiveBlogDeskPanel key={`desk:${id}`} id={id} notice={liveBlog ? presence : null} formUnsaved={formUnsaved} onCoverageChanged={reloadForm} onLiveBlog={setLiveBlog} />
        </div>
      </div>
      <ArticleReadsPanel key={`reads:${id}`} id={id} />
      <ArticleHistory key={id} id={id} onRestored={() => setRestores((n) => n + 1)} />
    </>
  )
}
