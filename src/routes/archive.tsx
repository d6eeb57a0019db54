import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ListingArchive } from '../components/listings/ListingArchive.tsx'
import type { ArticlePage } from '../content/listings/listings.ts'
import { pageSizes } from '../content/listings/paging.ts'
import { ListingLoadError } from './-listingError.tsx'
import { pagedListingRoute, type Listing } from './-listingRoute.tsx'
import { pagedListingPage } from './-listingView.tsx'

const archive: Listing = {
  title: 'Archive',
  description: 'Every story Resonance has published, month by month, newest first.',
  path: '/archive',
  pageSize: pageSizes.archive,
  pendingLabel: 'Loading the archive…',
  emptyMessage: 'Nothing has been published yet.',
}

export const Route = createFileRoute('/archive')({
  ...pagedListingRoute<ArticlePage>(archive, (queries) => queries.archiveQuery),
  errorComponent: ListingLoadError,
  component: pagedListingPage(getRouteApi('/archive'), archive, archiveItems),
})

// A named function, not an arrow in the call above: the router plugin moves that call into the
// page's chunk by reprinting it, and it reprints only plain JavaScript.
function archiveItems({ articles }: ArticlePage, now: Date) {
  return <ListingArchive articles={articles} now={now} />
}
