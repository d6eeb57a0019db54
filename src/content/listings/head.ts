// The heads (title, description, share card, canonical address) of the listing pages and photo
// essays. A module of its own so the routes import it when a head is written, not in the reader's
// first download (decision 018).

import { categoryPath } from '../../../shared/paths.ts'
import { categoryFeedLink } from '../layout/feeds.ts'
import { cardImage, pageHead, pathWithSearch, validDate, type Head } from '../meta/cards.ts'
import type { CategoryListing, PhotoEssay } from './listings.ts'

export interface ListingCard {
  title: string
  description: string
  /** Where its first page lives. */
  path: string
}

/** A listing's head and share card; later pages say which page they are and have their own address. */
export function listingHead(origin: string, listing: ListingCard, page = 1): Head {
  return pageHead(origin, {
    title: `${listing.title}${page > 1 ? `, page ${page}` : ''}`,
    description: listing.description,
    path: pathWithSearch(listing.path, { page }),
  })
}

/**
 * The head of a page whose content is not there (yet): not found, failed to load, or still loading,
 * by the router's status of the page's match. No card and no canonical address: there is nothing
 * to share.
 */
export function headWithoutContent(status: string): Head {
  const head = (title: string, description: string): Head => ({ meta: [{ title: `${title} | Resonance` }, { name: 'description', content: description }] })
  if (status === 'notFound') return head('Page not found', 'The page you asked for is not on Resonance.')
  if (status === 'error') return head('Page unavailable', 'This page could not be loaded just now. Please try again.')
  return head('Loading', 'Resonance: news, comment and culture from London and the world.')
}

export function photoEssayPath(slug: string): string {
  return `/photo-essays/${slug}`
}

/** A photo essay's head: its first photograph as the card, dated like an article. */
export function photoEssayHead(origin: string, essay: PhotoEssay): Head {
  return pageHead(origin, {
    title: essay.title,
    description: essay.description || `A photo essay from Resonance: ${essay.title}.`,
    path: photoEssayPath(essay.slug),
    type: 'article',
    image: cardImage(origin, essay.images?.[0]),
    article: { publishedTime: validDate(essay.publishedAt), modifiedTime: null, section: essay.categories?.find((c) => c?.title)?.title ?? null, authorUrl: null },
  })
}

/** What a listing's head reads of the router's match: how its loading went, and which page it is. */
export interface ListingMatch {
  status: string
  loaderDeps: { page: number }
}

/** A section's, desk's or topic's head; `describe` words a category that has no description of its own. */
export function categoryHead(origin: string, listing: CategoryListing | undefined, describe: (title: string) => string, match: ListingMatch): Head {
  if (!listing) return headWithoutContent(match.status)
  const card = { title: listing.title, description: listing.description || describe(listing.title), path: categoryPath(listing.slug, listing.kind) }
  const head = listingHead(origin, card, match.loaderDeps.page)
  // Beside the paper's feed, which the root links from every page.
  return { ...head, links: [...(head.links ?? []), categoryFeedLink(listing.title, listing.slug, listing.kind)] }
}
