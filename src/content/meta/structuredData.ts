// The schema.org descriptions search engines read from a page (JSON-LD): the paper as an
// Organization and a WebSite people can search from the homepage, and each article as a
// NewsArticle. Built from the same published data the page shows, and written into a
// `<script type="application/ld+json">` that no text in it can end early.

import { absoluteUrl, site } from './site.ts'

export type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[]

export interface JsonLdObject {
  [property: string]: JsonLdValue
}

const context = 'https://schema.org'

function organisationId(origin: string): string {
  return `${absoluteUrl(origin, '/')}#organization`
}

/** The paper as a publisher: its name, address and logo (a raster image, as search engines ask). */
function publisher(origin: string): JsonLdObject {
  return {
    '@type': 'Organization',
    '@id': organisationId(origin),
    name: site.name,
    url: absoluteUrl(origin, '/'),
    logo: {
      '@type': 'ImageObject',
      url: absoluteUrl(origin, site.logo.path),
      width: site.logo.width,
      height: site.logo.height,
    },
  }
}

export function organizationLd(origin: string): JsonLdObject {
  return { '@context': context, ...publisher(origin) }
}

/** The site, with the search box search engines may show under its result: the search page's `?q=`. */
export function webSiteLd(origin: string): JsonLdObject {
  return {
    '@context': context,
    '@type': 'WebSite',
    name: site.name,
    url: absoluteUrl(origin, '/'),
    inLanguage: site.language,
    publisher: { '@id': organisationId(origin) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(origin, '/search')}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  }
}

export interface NewsArticleFacts {
  headline: string
  description: string
  /** The article's one address, absolute. */
  url: string
  /** Absolute URLs of the main image's renditions, widest shapes first. */
  images: string[]
  datePublished: string | null
  dateModified: string | null
  /** The writer; null for a story the paper signs itself (the byline's "Staff"). */
  author: { name: string; url: string | null } | null
  section: string | null
  /** Its corrections and clarifications, oldest first: each a CorrectionComment. */
  corrections?: Array<{ text: string; datePublished: string }>
}

export function newsArticleLd(origin: string, article: NewsArticleFacts): JsonLdObject {
  const ld: JsonLdObject = {
    '@context': context,
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': article.url },
    url: article.url,
    headline: article.headline,
    description: article.description,
    image: article.images,
    inLanguage: site.language,
    // A story without a named writer is the paper's own.
    author: article.author ? { '@type': 'Person', name: article.author.name, ...(article.author.url ? { url: article.author.url } : {}) } : publisher(origin),
    publisher: publisher(origin),
  }
  if (article.datePublished) ld.datePublished = article.datePublished
  if (article.dateModified) ld.dateModified = article.dateModified
  if (article.section) ld.articleSection = article.section
  if (article.corrections && article.corrections.length > 0) {
    ld.correction = article.corrections.map((c) => ({ '@type': 'CorrectionComment', text: c.text, datePublished: c.datePublished }))
  }
  return ld
}

/** An author's page: the person it is about. */
export function profilePageLd(person: { name: string; url: string; image: string | null; description: string | null }): JsonLdObject {
  const about: JsonLdObject = { '@type': 'Person', name: person.name, url: person.url }
  if (person.image) about.image = person.image
  if (person.description) about.description = person.description
  return { '@context': context, '@type': 'ProfilePage', url: person.url, mainEntity: about }
}

/**
 * An object as the text of its `<script type="application/ld+json">` on the page. `<`, `>`, `&`
 * and the two JavaScript line separators are written as \u escapes, which JSON reads back as the
 * same characters, so a title containing `</script>` cannot end the element and start markup.
 */
export function jsonLdScript(ld: JsonLdObject): { type: 'application/ld+json'; children: string } {
  return {
    type: 'application/ld+json',
    children: JSON.stringify(ld).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  }
}
