import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { SectionManager } from '../../../components/admin/SectionManager.tsx'
import { sectionDeleteFailure } from '../../../content/admin/deletes.ts'
import type { AdminListItem } from '../../../content/admin/listItem.ts'
import { fetchSection, removeFromSectionMutations } from '../../../content/admin/sections.ts'
import { saveError } from '../../../content/admin/articleForm/save.ts'
import { parseSectionType, sectionTitles } from '../../../content/admin/addresses.ts'
import { nothingToDelete, useDeleteWithToasts } from '../-delete.ts'
import { authActor, toasts, withSession } from '../-session.ts'
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
  const router = useRouter()
  // Remove from this section: the flag cleared on the article and its draft, guarded by the
  // revisions listed; a change since is a conflict, said as the article form says it.
  const removeFromSection = async (item: AdminListItem) => {
    if (!type) return
    try {
      const transactionId = crypto.randomUUID()
      await withSession((client) => client.mutate(removeFromSectionMutations(type, item, transactionId), { transactionId }))
      toasts.success('Removed from this section', `“${item.title ?? 'Untitled'}” is no longer in ${sectionTitles[type]}; the article itself is unchanged.`)
    } catch (error) {
      toasts.error('Not removed', saveError(error, 'edit').message)
    }
    await router.invalidate()
  }
  return (
    <SectionManager
      sectionType={type}
      state={content ? { status: 'ready', data: content } : { status: 'loading' }}
      onDelete={remove}
      canPublish={canPublish}
      onRemove={removeFromSection}
    />
  )
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
