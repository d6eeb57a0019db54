import { createFileRoute } from '@tanstack/react-router'
import { PhotoEssayFormPage } from './-PhotoEssayFormPage.tsx'

// The edit form at /admin/photo-essays/{id}.
export const Route = createFileRoute('/admin/_authed/photo-essays/$id')({
  head: () => ({ meta: [{ title: 'Edit photo essay | Resonance Admin' }] }),
  component: EditPhotoEssayRoute,
})

function EditPhotoEssayRoute() {
  const { id } = Route.useParams()
  // Another essay's id is another form, from scratch.
  return <PhotoEssayFormPage key={id} id={id} />
}
