import type { Mutation } from '@sanity/client'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { CategoryForm, CategorySlugTaken } from '../../../components/admin/CategoryForm.tsx'
import { CategoryList, type CategoryListProps } from '../../../components/admin/CategoryList.tsx'
import { deleteTaxonomyMutations, inUseMessage, newTaxonomyId, saveTaxonomyMutations, taxonomyRefusal, slugTakenQuery, usageOf } from '../../../content/admin/authorsAndCategories.ts'
import { categoriesListQuery, categoryFields, categoryMessages, categoryRows, categoryValues, emptyCategory, type CategoryRow, type CategoryValues } from '../../../content/admin/categories.ts'
import { toasts, withSession } from '../-session.ts'

// The paper's sections, topics and desks: the header, the topics bar and the listing pages read these.
export const Route = createFileRoute('/admin/_authed/categories')({
  head: () => ({ meta: [{ title: 'Categories | Resonance Admin' }] }),
  loader: () => withSession(async (client) => categoryRows(await client.fetch<unknown[]>(categoriesListQuery))),
  pendingComponent: () => <CategoryList {...idle} state={{ status: 'loading' }} />,
  errorComponent: CategoriesError,
  component: CategoriesRoute,
})

const idle: Omit<CategoryListProps, 'state'> = { onNew: () => {}, onEdit: () => {}, whyNotDelete: async () => null, onDelete: async () => {} }

function CategoriesRoute() {
  const categories = Route.useLoaderData()
  const router = useRouter()
  const [open, setOpen] = useState<{ row: CategoryRow | null; key: number } | null>(null)

  const save = async (values: CategoryValues) => {
    const row = open?.row ?? null
    const id = row?.id ?? newTaxonomyId()
    await withSession(async (client) => {
      if ((await client.fetch<number>(slugTakenQuery, { type: 'category', slug: values.slug, id })) > 0) throw new CategorySlugTaken(categoryMessages.slugTaken)
      try {
        await client.mutate(saveTaxonomyMutations('category', { id, rev: row?.rev ?? null }, categoryFields(values)) as Mutation[])
      } catch (error) {
        throw new Error(taxonomyRefusal('category', error), { cause: error })
      }
    })
    toasts.success(row ? 'Category saved' : 'Category created', `${values.title.trim()} is saved.`)
    setOpen(null)
    await router.invalidate()
  }

  const openForm = (row: CategoryRow | null) => {
    setOpen({ row, key: Date.now() })
    requestAnimationFrame(() => document.getElementById('category-title')?.focus())
  }

  return (
    <CategoryList
      state={{ status: 'ready', data: categories }}
      form={open ? <CategoryForm key={open.key} mode={open.row ? 'edit' : 'create'} initial={open.row ? categoryValues(open.row) : emptyCategory} onSubmit={save} onCancel={() => setOpen(null)} /> : null}
      onNew={() => openForm(null)}
      onEdit={openForm}
      whyNotDelete={async (row) => {
        const usage = await withSession((client) => usageOf((query, params) => client.fetch(query, params ?? {}), row.id))
        return usage.articles + usage.others > 0 ? inUseMessage(row.title, usage) : null
      }}
      onDelete={async (row) => {
        try {
          await withSession((client) => client.mutate(deleteTaxonomyMutations(row) as Mutation[]))
          toasts.success('Category deleted', `${row.title} is deleted.`)
          if (open?.row?.id === row.id) setOpen(null)
        } catch (error) {
          toasts.error('Failed to delete category', taxonomyRefusal('category', error))
          throw error
        } finally {
          await router.invalidate()
        }
      }}
    />
  )
}

function CategoriesError({ error }: { error: unknown }) {
  const router = useRouter()
  return <CategoryList {...idle} state={{ status: 'error', message: error instanceof Error ? error.message : String(error) }} onRetry={() => void router.invalidate()} />
}
