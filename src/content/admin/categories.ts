// The Categories page's rules: the list it loads, the form's values and what they must be, and the
// fields a save writes. `kind` says where a category shows on the reader site (shared/schema.ts).

import type { Category } from '../../../shared/schema.ts'
import { maxSlugLength } from '../../../shared/slug.ts'
import { slugFromName, taxonomySlugProblem, type TaxonomyFields } from './authorsAndCategories.ts'

export type CategoryKind = Category['kind']

export const categoryKinds: readonly CategoryKind[] = ['section', 'topic', 'desk']

/** Each kind in words, with where it shows. */
export const categoryKindLabels: Record<CategoryKind, { label: string; hint: string }> = {
  section: { label: 'Section', hint: 'In the header’s main sections' },
  topic: { label: 'Topic', hint: 'In the topics bar' },
  desk: { label: 'Desk', hint: 'In the footer and media links' },
}

export interface CategoryRow {
  id: string
  rev: string
  title: string
  slug: string
  kind: CategoryKind
  description: string
}

export const categoriesListQuery = `*[_type == "category" && !(_id in path("drafts.**"))] | order(kind asc, lower(title) asc, _id asc){_id, _rev, title, slug, kind, description}`

export function categoryRows(docs: unknown[]): CategoryRow[] {
  return docs.flatMap((doc) => {
    const d = doc as Record<string, unknown>
    if (typeof d._id !== 'string' || typeof d._rev !== 'string') return []
    const slug = (d.slug as { current?: unknown } | undefined)?.current
    return [
      {
        id: d._id,
        rev: d._rev,
        title: typeof d.title === 'string' ? d.title : '',
        slug: typeof slug === 'string' ? slug : '',
        kind: categoryKinds.includes(d.kind as CategoryKind) ? (d.kind as CategoryKind) : 'topic',
        description: typeof d.description === 'string' ? d.description : '',
      },
    ]
  })
}

export interface CategoryValues {
  title: string
  slug: string
  kind: CategoryKind
  description: string
}

export const categoryLimits = { title: 60, slug: maxSlugLength, description: 300 }

export const categoryMessages = {
  title: 'Enter the category’s title.',
  titleLong: `A title may have at most ${categoryLimits.title} characters.`,
  slug: 'The slug needs lowercase letters, numbers and single hyphens, such as climate-change.',
  slugTaken: 'Another category has this slug.',
  descriptionLong: `The description may have at most ${categoryLimits.description} characters.`,
}

export const emptyCategory: CategoryValues = { title: '', slug: '', kind: 'topic', description: '' }

export function categoryValues(row: CategoryRow): CategoryValues {
  return { title: row.title, slug: row.slug, kind: row.kind, description: row.description }
}

export type CategoryErrors = Partial<Record<keyof CategoryValues, string>>

export function categoryErrors(values: CategoryValues): CategoryErrors {
  const errors: CategoryErrors = {}
  const title = values.title.trim()
  if (title === '') errors.title = categoryMessages.title
  else if (title.length > categoryLimits.title) errors.title = categoryMessages.titleLong
  const slug = taxonomySlugProblem(values.slug, categoryMessages.slug)
  if (slug) errors.slug = slug
  if (values.description.trim().length > categoryLimits.description) errors.description = categoryMessages.descriptionLong
  return errors
}

export const categorySlug = slugFromName

export function categoryFields(values: CategoryValues): TaxonomyFields {
  return { title: values.title.trim(), slug: { _type: 'slug', current: values.slug }, kind: values.kind, description: values.description.trim() }
}
