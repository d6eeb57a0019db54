import { createFileRoute } from '@tanstack/react-router'
import { withNewsletters } from '../-newsletters.ts'
import { EditionComposerPage } from './-EditionComposerPage.tsx'

// A new editors' edition: created by its first save (or preview, test, send).
export const Route = createFileRoute('/admin/_authed/newsletters/new')({
  head: () => ({ meta: [{ title: 'New edition | Resonance Admin' }] }),
  // Who it would go to, for the question before Send now.
  loader: () => withNewsletters((client) => client.list({ page: 1 })).then((list) => list.recipients?.['editors-edition'] ?? null),
  pendingComponent: () => <p className="admin-loading">Loading...</p>,
  component: NewEdition,
})

function NewEdition() {
  const recipients = Route.useLoaderData()
  return <EditionComposerPage edition={null} recipients={recipients} />
}
