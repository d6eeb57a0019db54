/** 'By {author}', or 'Staff' when a story has no author (docs/product-spec.md §2). */
export function bylineText(author: { name?: string | null } | null | undefined): string {
  const name = author?.name?.trim()
  return name ? `By ${name}` : 'Staff'
}

/** The label shown on a card: its first category, or the spec's default for that place. */
export function categoryLabel(categories: Array<{ title?: string | null } | null> | null | undefined, fallback: string): string {
  return categories?.find((c) => typeof c?.title === 'string' && c.title.trim() !== '')?.title ?? fallback
}
