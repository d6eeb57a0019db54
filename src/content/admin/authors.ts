// The Authors page's rules: the list it loads, the form's values and what they must be, and the
// fields a save writes. Bylines and author pages read the same documents (shared/schema.ts Author).

import { maxSlugLength } from '../../../shared/slug.ts'
import { imageFieldOf, imageValueOf, slugFromName, taxonomySlugProblem, type TaxonomyFields } from './authorsAndCategories.ts'

export interface AuthorRow {
  id: string
  rev: string
  name: string
  slug: string
  bio: string
  image: { assetRef: string; alt: string } | null
  /** The stored image field, kept so a save does not lose its crop and hotspot. */
  storedImage: unknown
}

export const authorsListQuery = `*[_type == "author" && !(_id in path("drafts.**"))] | order(lower(name) asc, _id asc){_id, _rev, name, slug, bio, image}`

export function authorRows(docs: unknown[]): AuthorRow[] {
  return docs.flatMap((doc) => {
    const d = doc as Record<string, unknown>
    if (typeof d._id !== 'string' || typeof d._rev !== 'string') return []
    const slug = (d.slug as { current?: unknown } | undefined)?.current
    return [{ id: d._id, rev: d._rev, name: typeof d.name === 'string' ? d.name : '', slug: typeof slug === 'string' ? slug : '', bio: typeof d.bio === 'string' ? d.bio : '', image: imageValueOf(d.image), storedImage: d.image }]
  })
}

export interface AuthorValues {
  name: string
  slug: string
  bio: string
  image: { assetRef: string; alt: string } | null
}

export const authorLimits = { name: 100, slug: maxSlugLength, bio: 600 }

export const authorMessages = {
  name: 'Enter the author’s name.',
  nameLong: `A name may have at most ${authorLimits.name} characters.`,
  slug: 'The slug needs lowercase letters, numbers and single hyphens, such as priya-raman.',
  slugTaken: 'Another author has this slug.',
  bioLong: `The bio may have at most ${authorLimits.bio} characters.`,
  imageAlt: 'Describe the picture for readers who cannot see it.',
}

export const emptyAuthor: AuthorValues = { name: '', slug: '', bio: '', image: null }

export function authorValues(row: AuthorRow): AuthorValues {
  return { name: row.name, slug: row.slug, bio: row.bio, image: row.image }
}

export type AuthorErrors = Partial<Record<keyof AuthorValues, string>>

export function authorErrors(values: AuthorValues): AuthorErrors {
  const errors: AuthorErrors = {}
  const name = values.name.trim()
  if (name === '') errors.name = authorMessages.name
  else if (name.length > authorLimits.name) errors.name = authorMessages.nameLong
  const slug = taxonomySlugProblem(values.slug, authorMessages.slug)
  if (slug) errors.slug = slug
  if (values.bio.trim().length > authorLimits.bio) errors.bio = authorMessages.bioLong
  if (values.image && values.image.alt.trim() === '') errors.image = authorMessages.imageAlt
  return errors
}

/** The slug the form suggests while the editor has not written one of their own. */
export const authorSlug = slugFromName

/** The fields a save writes; an emptied bio or picture is removed. */
export function authorFields(values: AuthorValues, storedImage: unknown = null): TaxonomyFields {
  return {
    name: values.name.trim(),
    slug: { _type: 'slug', current: values.slug },
    bio: values.bio.trim(),
    image: imageFieldOf(values.image, storedImage),
  }
}
