import { createFileRoute } from '@tanstack/react-router'
import { ListingGrid } from '../components/listings/ListingGrid.tsx'
import { ListingPage } from '../components/listings/ListingPage.tsx'
import { ListingPending } from '../components/listings/ListingPending.tsx'
import { listingHead, pageSizes, trendingQuery, type ListingArticle } from '../content/listings/listings.ts'
import { ListingLoadError } from './-listingError.tsx'
import { useNow } from './-clock.tsx'

const title = 'Trending'
const description = 'The most-read stories on Resonance right now.'

// The top twenty by reads: one page, so no ?page.
export const Route = createFileRoute('/trending')({
  loader: ({ context }) => context.content.fetch<ListingArticle[]>(trendingQuery),
  head: () => listingHead(title, description),
  pendingComponent: () => <ListingPending />,
  errorComponent: ListingLoadError,
  component: TrendingPage,
})

function TrendingPage() {
  const now = useNow()
  const articles = Route.useLoaderData()
  return (
    <ListingPage
      title={title}
      description={description}
      total={articles.length}
      page={1}
      pageSize={pageSizes.trending}
      path="/trending"
      emptyMessage="Nothing is trending right now."
      emptyDetail="Stories appear here once more than a hundred readers have read them."
    >
      <ListingGrid articles={articles} now={now} ranked />
    </ListingPage>
  )
}
