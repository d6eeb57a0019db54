import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { ListingGrid } from '../components/listings/ListingGrid.tsx'
import { ListingPage } from '../components/listings/ListingPage.tsx'
import { ListingPending } from '../components/listings/ListingPending.tsx'
import { NotFound } from '../components/layout/NotFound.tsx'
import { checkIdentifier } from '../content/format/identifier.ts'
import {
  categoryListingQuery,
  categoryPath,
  headWithoutContent,
  listingHead,
  pageSizes,
  pageWindow,
  validatePageSearch,
  type CategoryListing,
} from '../content/listings/listings.ts'
import { ListingLoadError } from './-listingError.tsx'
import { useNow } from './-clock.tsx'

// The header's topics (/topic/news-politics, ...): categories of kind `topic`.
export const Route = createFileRoute('/topic/$slug')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ params, deps, context }) => {
    const slug = checkIdentifier(params.slug)
    if (!slug) throw notFound()
    const listing = await context.content.fetch<CategoryListing | null>(categoryListingQuery(pageWindow(deps.page, pageSizes.listing)), { slug })
    if (!listing) throw notFound()
    // /topic/uk is the UK section: send the reader to its one address.
    if (listing.kind !== 'topic') throw redirect({ to: '/$section', params: { section: slug }, search: deps.page > 1 ? { page: deps.page } : {}, replace: true })
    return listing
  },
  head: ({ loaderData, match }) =>
    loaderData ? listingHead(loaderData.title, loaderData.description || `Stories about ${loaderData.title} from Resonance.`, match.loaderDeps.page) : headWithoutContent(match.status),
  pendingComponent: () => <ListingPending />,
  errorComponent: ListingLoadError,
  notFoundComponent: NotFound,
  component: TopicPage,
})

function TopicPage() {
  const now = useNow()
  const listing = Route.useLoaderData()
  const { page } = Route.useLoaderDeps()
  return (
    <ListingPage
      title={listing.title}
      kicker="Topic"
      description={listing.description}
      total={listing.total}
      page={page}
      pageSize={pageSizes.listing}
      path={categoryPath(listing.slug, listing.kind)}
      emptyMessage={`No articles about ${listing.title} yet.`}
      emptyDetail="New stories appear here as soon as they are published."
    >
      <ListingGrid articles={listing.articles} now={now} />
    </ListingPage>
  )
}
