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
