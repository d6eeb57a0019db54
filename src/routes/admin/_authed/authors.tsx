import type { Mutation } from '@sanity/client'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { AuthorForm, AuthorSlugTaken } from '../../../components/admin/AuthorForm.tsx'
import { AuthorList, type AuthorListProps } from '../../../components/admin/AuthorList.tsx'
import { uploadImageAsset } from '../../../content/admin/articleForm/imageUpload.ts'
import { authorFields, authorMessages, authorRows, authorsListQuery, authorValues, emptyAuthor, type AuthorRow, type AuthorValues } from '../../../content/admin/authors.ts'
import { deleteTaxonomyMutations, inUseMessage, newTaxonomyId, saveTaxonomyMutations, taxonomyRefusal, slugTakenQuery, usageOf } from '../../../content/admin/authorsAndCategories.ts'
import { toasts, withSession } from '../-session.ts'

// The newsroom's authors: bylines and author pages read these documents.
export const Route = createFileRoute('/admin/_authed/authors')({
  head: () => ({ meta: [{ title: 'Authors | Resonance Admin' }] }),
  loader: () => withSession(async (client) => authorRows(await client.fetch<unknown[]>(authorsListQuery))),
  pendingComponent: () => <AuthorList {...idle} state={{ status: 'loading' }} />,
  errorComponent: AuthorsError,
  component: AuthorsRoute,
})

const idle: Omit<AuthorListProps, 'state'> = { onNew: () => {}, onEdit: () => {}, whyNotDelete: async () => null, onDelete: async () => {} }

function AuthorsRoute() {
  const authors = Route.useLoaderData()
  const router = useRouter()
  const [open, setOpen] = useState<{ row: AuthorRow | null; key: number } | null>(null)

  const save = async (values: AuthorValues) => {
    const row = open?.row ?? null
    const id = row?.id ?? newTaxonomyId()
    await withSession(async (client) => {
      if ((await client.fetch<number>(slugTakenQuery, { type: 'author', slug: values.slug, id })) > 0) throw new AuthorSlugTaken(authorMessages.slugTaken)
      try {
        await client.mutate(saveTaxonomyMutations('author', { id, rev: row?.rev ?? null }, authorFields(values, row?.storedImage)) as Mutation[])
      } catch (error) {
        throw new Error(taxonomyRefusal('author', error), { cause: error })
      }
    })
    toasts.success(row ? 'Author saved' : 'Author created', `${values.name.trim()} is saved.`)
    setOpen(null)
    await router.invalidate()
  }

  const form = open ? (
    <AuthorForm
      key={open.key}
      mode={open.row ? 'edit' : 'create'}
      initial={open.row ? authorValues(open.row) : emptyAuthor}
      onSubmit={save}
      onCancel={() => setOpen(null)}
      uploadImage={(file, onProgress) => withSession((client) => uploadImageAsset(client, file, onProgress))}
    />
  ) : null

  return (
    <AuthorList
      state={{ status: 'ready', data: authors }}
      form={form}
      onNew={() => {
        setOpen({ row: null, key: Date.now() })
        requestAnimationFrame(() => document.getElementById('author-name')?.focus())
      }}
      onEdit={(row) => {
        setOpen({ row, key: Date.now() })
        requestAnimationFrame(() => document.getElementById('author-name')?.focus())
      }}
      whyNotDelete={async (row) => {
        const usage = await withSession((client) => usageOf((query, params) => client.fetch(query, params ?? {}), row.id))
        return usage.articles + usage.others > 0 ? inUseMessage(row.name, usage) : null
      }}
      onDelete={async (row) => {
        try {
          await withSession((client) => client.mutate(deleteTaxonomyMutations(row) as Mutation[]))
          toasts.success('Author deleted', `${row.name} is deleted.`)
          if (open?.row?.id === row.id) setOpen(null)
        } catch (error) {
          toasts.error('Failed to delete author', taxonomyRefusal('author', error))
          throw error
        } finally {
          await router.invalidate()
        }
      }}
    />
  )
}

function AuthorsError({ error }: { error: unknown }) {
  const router = useRouter()
  return <AuthorList {...idle} state={{ status: 'error', message: error instanceof Error ? error.message : String(error) }} onRetry={() => void router.invalidate()} />
}
