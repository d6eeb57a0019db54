// What authors and categories share in the admin: both are documents editors create, edit and
// delete directly (never as drafts), each guarded by the revision the page loaded; both have a slug
// that must be unique among their type; and neither may be deleted while an article uses it.

import { isReservedSlug, reservedSlugMessage } from '../../../shared/paths.ts'
import { isValidSlug, slugify } from '../../../shared/slug.ts'
import { refusalMessage } from '../clients/errors.ts'
import type { Fetch } from './contentService.ts'

export type TaxonomyType = 'author' | 'category'

/** Documents of any kind (published or draft) that reference the id; a draft and its article count once. */
export const usageQuery = `*[references($id)]{_id, _type}`

/** How many articles use the author or category (an article and its draft count once), and how many other documents. */
export async function usageOf(fetch: Fetch, id: string): Promise<{ articles: number; others: number }> {
  const refs = await fetch<Array<{ _id: string; _type: string }>>(usageQuery, { id })
  const distinct = (type: (t: string) => boolean) => new Set(refs.filter((ref) => type(ref._type)).map((ref) => ref._id.replace(/^drafts\./, ''))).size
  return { articles: distinct((t) => t === 'article'), others: distinct((t) => t !== 'article') }
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** "“UK” is used by 3 articles. Take it off them first, then delete it." */
export function inUseMessage(name: string, usage: { articles: number; others: number }): string {
  const parts = [usage.articles > 0 ? counted(usage.articles, 'article', 'articles') : null, usage.others > 0 ? counted(usage.others, usage.articles > 0 ? 'other document' : 'document', usage.articles > 0 ? 'other documents' : 'documents') : null].filter(Boolean)
  const total = usage.articles + usage.others
  return `“${name}” is used by ${parts.join(' and ')}. Take it off ${total === 1 ? 'it' : 'them'} first, then delete it.`
}

export const slugTakenQuery = `count(*[_type == $type && slug.current == $slug && !(_id in [$id, "drafts." + $id])])`

/** The slug suggested for a name or title. */
export function slugFromName(name: string): string {
  return slugify(name, 96)
}

/**
 * What is wrong with an author's or category's slug, or null: `shape` (the page's own words) when
 * it breaks the slug rule (shared/slug.ts), or that it is one of the site's own addresses, which
 * the service refuses too (shared/paths.ts).
 */
export function taxonomySlugProblem(slug: string, shape: string): string | null {
  if (!isValidSlug(slug)) return shape
  return isReservedSlug(slug) ? reservedSlugMessage(slug) : null
}

/** A random id in the form the article form's checks expect of an author or category (a UUID). */
export function newTaxonomyId(random: () => string = () => crypto.randomUUID()): string {
  return random()
}

/** The fields a page writes; a field set to undefined or '' is removed from the document. */
export type TaxonomyFields = Record<string, unknown>

export type TaxonomyMutation =
  | { create: Record<string, unknown> & { _id: string; _type: TaxonomyType } }
  | { patch: { id: string; ifRevisionID: string; set?: Record<string, unknown>; unset?: string[] } }
  | { delete: { id: string } }

const empty = (value: unknown) => value === undefined || value === null || value === ''

/**
 * The one transaction a save sends: a new document, or a patch of the loaded one guarded by the
 * revision the page loaded (so a save that raced another editor changes nothing and says so). Fields
 * the page does not edit are left as they are.
 */
export function saveTaxonomyMutations(type: TaxonomyType, target: { id: string; rev: string | null }, fields: TaxonomyFields): TaxonomyMutation[] {
  const set = Object.fromEntries(Object.entries(fields).filter(([, value]) => !empty(value)))
  const unset = Object.entries(fields)
    .filter(([, value]) => empty(value))
    .map(([key]) => key)
  if (target.rev === null) return [{ create: { _id: target.id, _type: type, ...set } }]
  return [{ patch: { id: target.id, ifRevisionID: target.rev, set, ...(unset.length > 0 ? { unset } : {}) } }]
}

/** Deleting the loaded document, only if nobody changed it since it was loaded. */
export function deleteTaxonomyMutations(target: { id: string; rev: string }): TaxonomyMutation[] {
  return [{ patch: { id: target.id, ifRevisionID: target.rev } }, { delete: { id: target.id } }]
}

/** An image as the admin's image field holds it, from a stored image field. */
export function imageValueOf(image: unknown): { assetRef: string; alt: string } | null {
  if (typeof image !== 'object' || image === null) return null
  const { asset, alt } = image as { asset?: { _ref?: unknown }; alt?: unknown }
  return typeof asset?._ref === 'string' ? { assetRef: asset._ref, alt: typeof alt === 'string' ? alt : '' } : null
}

/** The stored image field for the admin's value, keeping a crop and hotspot the image had. */
export function imageFieldOf(value: { assetRef: string; alt: string } | null, before: unknown): Record<string, unknown> | undefined {
  if (!value) return undefined
  const kept = typeof before === 'object' && before !== null && imageValueOf(before)?.assetRef === value.assetRef ? (before as Record<string, unknown>) : {}
  return { ...kept, _type: 'image', asset: { _type: 'reference', _ref: value.assetRef }, alt: value.alt.trim() }
}

const nouns: Record<TaxonomyType, string> = { author: 'author', category: 'category' }
const plurals: Record<TaxonomyType, string> = { author: 'authors', category: 'categories' }

/**
 * What a refused save or delete of an author or category says, as the article form words its own
 * (src/content/clients/errors.ts): someone else's change, the role's refusal, or the bound broken.
 */
export function taxonomyRefusal(type: TaxonomyType, error: unknown): string {
  return refusalMessage(error, {
    conflict: `Someone else changed or deleted this ${nouns[type]} since the page loaded. Close the form and open it again.`,
    forbidden: `Your role may not change ${plurals[type]}.`,
    failed: `The ${nouns[type]} could not be saved.`,
  })
}
