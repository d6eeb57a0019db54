// How text becomes a slug, for the demo dataset the server seeds and for the slug the admin form
// suggests from a title, so an editor retyping a seeded headline gets the slug the seed gave it.
// Callers differ only in how long a slug may be; the seed's dataset is pinned byte for byte by its
// tests, so any change here shows up there as well as in this module's own tests.

/**
 * Lowercase letters, digits and single hyphens: accents dropped, `&` spelt "and", apostrophes
 * removed. Past `maxLength` the slug is cut at the last word boundary in its second half, or else
 * at `maxLength` itself.
 */
export function slugify(text: string, maxLength = 80): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= maxLength) return slug
  const cut = slug.slice(0, maxLength + 1)
  const lastHyphen = cut.lastIndexOf('-')
  return (lastHyphen > maxLength / 2 ? cut.slice(0, lastHyphen) : slug.slice(0, maxLength)).replace(/-+$/, '')
}

// The bounds of what an editor may type, one rule for the admin's forms and for the content
// service, which refuses any write that breaks them whoever sends it (docs/content-api.md §3).

/** The longest slug: an address readers may type and share. */
export const maxSlugLength = 96
/** The longest title (an article's headline, a photo essay's, a category's). */
export const maxTitleLength = 200
/** The longest excerpt: the standfirst under a headline in listings and share cards. */
export const maxExcerptLength = 300

/** The words of each bound broken, in the spec's style (docs/product-spec.md §5), for form and service alike. */
export const boundMessages = {
  slugPattern: 'Slug can only contain lowercase letters, numbers, and hyphens.',
  slugHyphens: 'Slug cannot start or end with a hyphen, or have two hyphens in a row.',
  slugLong: `Slug must be at most ${maxSlugLength} characters long.`,
  titleLong: `Title must be at most ${maxTitleLength} characters long.`,
  excerptLong: `Excerpt must be at most ${maxExcerptLength} characters long.`,
} as const

/**
 * What is wrong with a slug, in words, or null when it is a valid one: lowercase letters, digits
 * and single hyphens, no hyphen at either end, at most 96 characters. An empty slug is the
 * caller's to judge (a form says it is too short; a draft may not have one yet).
 */
export function slugProblem(slug: string): string | null {
  if (!/^[a-z0-9-]*$/.test(slug)) return boundMessages.slugPattern
  if (slug.startsWith('-') || slug.endsWith('-') || slug.includes('--')) return boundMessages.slugHyphens
  if (slug.length > maxSlugLength) return boundMessages.slugLong
  return null
}

/** Whether a slug is non-empty and within the bounds. */
export function isValidSlug(slug: string): boolean {
  return slug !== '' && slugProblem(slug) === null
}
