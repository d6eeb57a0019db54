// /videos (header) and /video-journal (footer) list the same video articles under their own names:
// one listing, two addresses.

import type { ArticlePage } from '../content/listings/listings.ts'
import { pageSizes } from '../content/listings/paging.ts'
import { pagedListingRoute, type Listing } from './-listingRoute.tsx'

export function videoListing(title: string, description: string, path: string) {
  const listing: Listing = {
    title,
    description,
    path,
    pageSize: pageSizes.listing,
    emptyMessage: 'No videos yet.',
    emptyDetail: 'Our video reports appear here as soon as they are published.',
  }
  return { listing, route: pagedListingRoute<ArticlePage>(listing, (queries) => queries.videoListingQuery) }
}
