// A page's head as link previews and search engines read it: the title and description, the one
// canonical address, the Open Graph and Twitter card tags (a 1200x630 picture, its size and alt
// text; an article's dates and section) and the page's structured data. Every route's `head` that
// has content builds its head here, so a shared link looks the same from every kind of page.
//
// Heads read only the route's loader data, which is published content: a draft never reaches one.

import { imageRendition, type ImageRef } from '../format/image.ts'
import { jsonLdScript, organizationLd, profilePageLd, webSiteLd, type JsonLdObject } from './structuredData.ts'
import { absoluteUrl, cardImageSize, site } from './site.ts'

export interface HeadLink {
  rel: string
  href: string
  type?: string
  title?: string
}

export type HeadMeta = { title: string } | { name: string; content: string } | { property: string; content: string }

/** A data block the page carries for machines (structured data); never run. */
export interface HeadScript {
  type: 'application/ld+json'
  children: string
}

/** What a route's `head` returns. */
export interface Head {
  meta: HeadMeta[]
  links?: HeadLink[]
  scripts?: HeadScript[]
}

export interface CardImage {
  /** Absolute. */
  url: string
  type: 'image/jpeg' | 'image/png'
  width: number
  height: number
  /** What the picture shows; empty when nobody wrote it down. */
  alt: string
}

/** The paper's own card (the masthead), for pages without a picture. */
export function siteCardImage(origin: string): CardImage {
  const { path, width, height, alt } = site.shareCard
  return { url: absoluteUrl(origin, path), type: 'image/png', width, height, alt }
}

/** A 1200x630 crop of the page's picture, or the paper's card when it has none. */
export function cardImage(origin: string, image: ImageRef | null | undefined): CardImage {
  const url = imageRendition(image, cardImageSize.width, cardImageSize.height)
  if (!url) return siteCardImage(origin)
  return { url: absoluteUrl(origin, url), type: 'image/jpeg', ...cardImageSize, alt: image?.alt?.trim() ?? '' }
}

export interface ArticleFacts {
  publishedTime: string | null
  modifiedTime: string | null
  section: string | null
  /** The author's page, absolute, when they have one. */
  authorUrl: string | null
}

export interface PageCard {
  /** The page's own name, as a link preview shows it under the site's name. */
  title: string
  /** The browser's title; `{title} | Resonance` unless given. */
  documentTitle?: string
  description: string
  /** The page's one address: its path, with only the search that names a different page (`?page=2`). */
  path: string
  type?: 'website' | 'article' | 'profile'
  /** The paper's card unless given. */
  image?: CardImage
  article?: ArticleFacts
  structuredData?: JsonLdObject[]
  /** `noindex` for pages search engines should not list. */
  robots?: string
}

/**
 * A page's address with the search that names it (`?q=...`, `?page=2`), in the order given;
 * parameters that are undefined, empty or page 1 are left out, so each page has one address.
 */
export function pathWithSearch(path: string, search: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(search)) {
    if (value === undefined || value === '' || (name === 'page' && Number(value) <= 1)) continue
    params.set(name, String(value))
  }
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

export function pageHead(origin: string, card: PageCard): Head {
  const url = absoluteUrl(origin, card.path)
  const image = card.image ?? siteCardImage(origin)
  const property = (name: string, content: string | null | undefined): HeadMeta[] => (content ? [{ property: name, content }] : [])
  const named = (name: string, content: string | null | undefined): HeadMeta[] => (content ? [{ name, content }] : [])
  const article = card.type === 'article' ? card.article : undefined
  return {
    meta: [
      { title: card.documentTitle ?? `${card.title} | ${site.name}` },
      { name: 'description', content: card.description },
      ...named('robots', card.robots),
      { property: 'og:site_name', content: site.name },
      { property: 'og:locale', content: site.locale },
      { property: 'og:type', content: card.type ?? 'website' },
      { property: 'og:url', content: url },
      { property: 'og:title', content: card.title },
      { property: 'og:description', content: card.description },
      { property: 'og:image', content: image.url },
      { property: 'og:image:type', content: image.type },
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
      ...property('og:image:alt', image.alt),
      ...property('article:published_time', article?.publishedTime),
      ...property('article:modified_time', article?.modifiedTime),
      ...property('article:section', article?.section),
      ...property('article:author', article?.authorUrl),
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: card.title },
      { name: 'twitter:description', content: card.description },
      { name: 'twitter:image', content: image.url },
      ...named('twitter:image:alt', image.alt),
    ],
    links: [{ rel: 'canonical', href: url }],
    ...(card.structuredData?.length ? { scripts: card.structuredData.map(jsonLdScript) } : {}),
  }
}

export const homepageDescription = 'Breaking news, the day’s lead story, features, video and the most-read stories from Resonance, London.'

/** The front page: the paper's card, and the paper and its search described for search engines. */
export function homepageHead(origin: string): Head {
  return pageHead(origin, {
    title: 'Resonance | London Edition',
    documentTitle: 'Resonance | London Edition',
    description: homepageDescription,
    path: '/',
    structuredData: [organizationLd(origin), webSiteLd(origin)],
  })
}

export interface Person {
  name: string
  description: string
  /** Their page's address (its first page). */
  path: string
  image: ImageRef | null | undefined
}

/**
 * A person's page (an author's): a profile card, on the paper's picture (a portrait cropped to a
 * wide card would cut the face), and a ProfilePage about them with a square portrait.
 */
export function profileHead(origin: string, person: Person, page = 1): Head {
  const portrait = imageRendition(person.image, 400, 400)
  return pageHead(origin, {
    title: `${person.name}${page > 1 ? `, page ${page}` : ''}`,
    description: person.description,
    path: pathWithSearch(person.path, { page }),
    type: 'profile',
    structuredData: [
      profilePageLd({ name: person.name, url: absoluteUrl(origin, person.path), image: portrait ? absoluteUrl(origin, portrait) : null, description: person.description }),
    ],
  })
}

/** The date an article last changed: its last edit, but never before it was published. */
export function modifiedTime(publishedAt: string | null | undefined, updatedAt: string | null | undefined): string | null {
  const published = validDate(publishedAt)
  const updated = validDate(updatedAt)
  if (!published) return updated
  if (!updated) return published
  return new Date(updated).getTime() > new Date(published).getTime() ? updated : published
}

/** A date-time in ISO 8601 (UTC), when the value is one; null otherwise. */
export function validDate(value: string | null | undefined): string | null {
  if (!value) return null
  const time = new Date(value).getTime()
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}
