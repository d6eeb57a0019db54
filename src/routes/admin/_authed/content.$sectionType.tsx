import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { SectionManager } from '../../../components/admin/SectionManager.tsx'
import { sectionDeleteFailure } from '../../../content/admin/deletes.ts'
import { fetchSection } from '../../../content/admin/sections.ts'
import { parseSectionType, sectionTitles } from '../../../content/admin/addresses.ts'
import { nothingToDelete, useDeleteWithToasts } from '../-delete.ts'
import { authActor, withSession } from '../-session.ts'
import { mayPublish } from '../../../../shared/roles.ts'

// An unknown section type is a page of its own ('Invalid content section'), not the 404.
export const Route = createFileRoute('/admin/_authed/content/$sectionType')({
  head: ({ params }) => {
    const type = parseSectionType(params.sectionType)
    return { meta: [{ title: `${type ? `Manage ${sectionTitles[type]}` : 'Invalid content section'} | Resonance Admin` }] }
  },
  loader: async ({ params }) => {
    const type = parseSectionType(params.sectionType)
    return type ? withSession((client) => fetchSection(client, type)) : null
  },
  pendingComponent: SectionPending,
  errorComponent: SectionError,
  component: SectionRoute,
})

function SectionRoute() {
  const { sectionType } = Route.useParams()
  const content = Route.useLoaderData()
  const remove = useDeleteWithToasts({ deleting: 'Deleting...', deleted: { title: 'Item deleted successfully!' }, failed: (error) => ({ title: sectionDeleteFailure(error) }) })
  const type = parseSectionType(sectionType)
  const canPublish = useSelector(authActor, (s) => mayPublish(s.context.role))
  return <SectionManager sectionType={type} state={content ? { status: 'ready', data: content } : { status: 'loading' }} onDelete={remove} canPublish={canPublish} />
}

function SectionPending() {
  const { sectionType } = Route.useParams()
  return <SectionManager sectionType={parseSectionType(sectionType)} state={{ status: 'loading' }} onDelete={nothingToDelete} />
}

function SectionError({ error }: { error: unknown }) {
  const { sectionType } = Route.useParams()
  const router = useRouter()
  return (
    <SectionManager
      sectionType={parseSectionType(sectionType)}
      state={{ status: 'error', message: error instanceof Error ? error.message : String(error) }}
      onDelete={nothingToDelete}
      onRetry={() => void router.invalidate()}
    />
  )
}
