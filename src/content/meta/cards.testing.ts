// Reading a route's head the way a link preview does, for the tests of every head builder.

import type { Head } from './cards.ts'

/** The tags a link preview reads to show a large card: each page with content has all of them. */
export const previewTags = [
  'og:site_name',
  'og:type',
  'og:url',
  'og:title',
  'og:description',
  'og:image',
  'og:image:width',
  'og:image:height',
  'twitter:card',
  'twitter:title',
  'twitter:description',
  'twitter:image',
] as const

/** The head's title, and each meta tag's content by its name or property; `canonical` is the canonical link. */
export function headTags(head: Head): Record<string, string> {
  const tags: Record<string, string> = {}
  for (const meta of head.meta) {
    if ('title' in meta) tags.title = meta.title
    else if ('property' in meta) tags[meta.property] = meta.content
    else tags[meta.name] = meta.content
  }
  const canonical = head.links?.find((link) => link.rel === 'canonical')
  if (canonical) tags.canonical = canonical.href
  return tags
}

/** The structured data the head carries, read back from its scripts' text. */
export function headJsonLd(head: Head): unknown[] {
  return (head.scripts ?? []).map((script) => JSON.parse(script.children) as unknown)
}
