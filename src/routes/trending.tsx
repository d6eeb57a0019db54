import { createFileRoute } from '@tanstack/react-router'
import { ListingGrid } from '../components/listings/ListingGrid.tsx'
import type { ListingArticle } from '../content/listings/listings.ts'
import { pageSizes } from '../content/listings/paging.ts'
import { ListingLoadError } from './-listingError.tsx'
import { singlePageListingRoute, type Listing } from './-listingRoute.tsx'
import { ListingView } from './-listingView.tsx'

const trending: Listing = {
  title: 'Trending',
  description: 'The most-read stories on Resonance right now.',
  path: '/trending',
  pageSize: pageSizes.trending,
  emptyMessage: 'Nothing is trending right now.',
  emptyDetail: 'Stories appear here once more than a hundred readers have read them in a day.',
}

// The top twenty by reads: one page, so no ?page.
export const Route = createFileRoute('/trending')({
  ...singlePageListingRoute<ListingArticle[]>(trending, (queries) => queries.trendingQuery),
  errorComponent: ListingLoadError,
  component: TrendingPage,
})

function TrendingPage() {
  const articles = Route.useLoaderData()
  return (
    <ListingView listing={trending} total={articles.length} page={1}>
      {(now) => <ListingGrid articles={articles} now={now} ranked />}
    </ListingView>
  )
}
