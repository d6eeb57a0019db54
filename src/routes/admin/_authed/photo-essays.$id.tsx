import { createFileRoute } from '@tanstack/react-router'
import { EditorsPresent } from '../../../components/admin/EditorsPresent.tsx'
import { PhotoEssayFormPage } from './-PhotoEssayFormPage.tsx'
import { useEditorsPresent } from './-editorsPresent.ts'
import { ArticleReadsPanel } from './-articleReads.tsx'

// The edit form at /admin/photo-essays/{id}.
export const Route = createFileRoute('/admin/_authed/photo-essays/$id')({
  head: () => ({ meta: [{ title: 'Edit photo essay | Resonance Admin' }] }),
  component: EditPhotoEssayRoute,
})

function EditPhotoEssayRoute() {
  const { id } = Route.useParams()
  // Who else has this essay open, as on the article form (docs/decisions/020-presence.md).
  const present = useEditorsPresent(id)
  // Another essay's id is another form, from scratch.
  return (
    <>
      <PhotoEssayFormPage key={id} id={id} notice={<EditorsPresent {...present} />} />
      <ArticleReadsPanel key={`reads:${id}`} id={id} />
    </>
  )
}
