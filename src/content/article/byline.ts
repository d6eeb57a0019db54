import { checkIdentifier } from '../format/identifier.ts'

/**
 * Who a byline names (docs/product-spec.md §2): 'By {name}', the name leading to the author's page
 * when their slug can be an address; null when the story has no author, and the byline says 'Staff'.
 */
export function bylineAuthor(author: { name?: string | null; slug?: string | null } | null | undefined): { name: string; slug: string | null } | null {
  const name = author?.name?.trim()
  return name ? { name, slug: checkIdentifier(author?.slug) } : null
}

/** The label shown on a card: its first category, or the spec's default for that place. */
export function categoryLabel(categories: Array<{ title?: string | null } | null> | null | undefined, fallback: string): string {
  return categories?.find((c) => typeof c?.title === 'string' && c.title.trim() !== '')?.title ?? fallback
}
