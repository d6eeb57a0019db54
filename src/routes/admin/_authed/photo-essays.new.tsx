import { createFileRoute } from '@tanstack/react-router'
import { PhotoEssayFormPage } from './-PhotoEssayFormPage.tsx'

// The create form at /admin/photo-essays/new: the photo essay form with no id.
export const Route = createFileRoute('/admin/_authed/photo-essays/new')({
  head: () => ({ meta: [{ title: 'New photo essay | Resonance Admin' }] }),
  component: () => <PhotoEssayFormPage id={null} />,
})
