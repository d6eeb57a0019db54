import { createFileRoute } from '@tanstack/react-router'
import { ListingGrid } from '../components/listings/ListingGrid.tsx'
import { ListingPage } from '../components/listings/ListingPage.tsx'
import { ListingPending } from '../components/listings/ListingPending.tsx'
import { listingHead, pageSizes, pageWindow, validatePageSearch, videoListingQuery, type ArticlePage } from '../content/listings/listings.ts'
import { ListingLoadError } from './-listingError.tsx'
import { useNow } from './-clock.tsx'

const title = 'Videos'
const description = 'The latest video reports from Resonance, newest first.'

// /videos (header) and /video-journal (footer) list the same video articles under their own names.
export const Route = createFileRoute('/videos')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ deps, context }) => context.content.fetch<ArticlePage>(videoListingQuery(pageWindow(deps.page, pageSizes.listing))),
  head: ({ match }) => listingHead(title, description, match.loaderDeps.page),
  pendingComponent: () => <ListingPending />,
  errorComponent: ListingLoadError,
  component: VideoListing,
})

function VideoListing() {
  const now = useNow()
  const { total, articles } = Route.useLoaderData()
  const { page } = Route.useLoaderDeps()
  return (
    <ListingPage
      title={title}
      description={description}
      total={total}
      page={page}
      pageSize={pageSizes.listing}
      path="/videos"
      emptyMessage="No videos yet."
      emptyDetail="Our video reports appear here as soon as they are published."
    >
      <ListingGrid articles={articles} now={now} />
    </ListingPage>
  )
}
