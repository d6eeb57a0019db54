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

// Every header section (/uk, /world, ...) and desk (/news, /opinion, /puzzles, ...) is a category
// found by its slug, so a category editors add gets its page without a new route. Static routes
// (/about, /trending, ...) win over this one; a slug no category has is the not-found page.
export const Route = createFileRoute('/$section')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ params, deps, context }) => {
    const slug = checkIdentifier(params.section)
    if (!slug) throw notFound()
    const listing = await context.content.fetch<CategoryListing | null>(categoryListingQuery(pageWindow(deps.page, pageSizes.listing)), { slug })
    if (!listing) throw notFound()
    // A topic's page lives under /topic; one address per listing.
    if (listing.kind === 'topic') throw redirect({ to: '/topic/$slug', params: { slug }, search: deps.page > 1 ? { page: deps.page } : {}, replace: true })
    return listing
  },
  head: ({ loaderData, match }) =>
    loaderData ? listingHead(loaderData.title, loaderData.description || `The latest ${loaderData.title} stories from Resonance.`, match.loaderDeps.page) : headWithoutContent(match.status),
  pendingComponent: () => <ListingPending />,
  errorComponent: ListingLoadError,
  notFoundComponent: NotFound,
  component: SectionPage,
})

function SectionPage() {
  const now = useNow()
  const listing = Route.useLoaderData()
  const { page } = Route.useLoaderDeps()
  return (
    <ListingPage
      title={listing.title}
      description={listing.description}
      total={listing.total}
      page={page}
      pageSize={pageSizes.listing}
      path={categoryPath(listing.slug, listing.kind)}
      emptyMessage={`No articles in ${listing.title} yet.`}
      emptyDetail="New stories appear here as soon as they are published."
    >
      <ListingGrid articles={listing.articles} now={now} />
    </ListingPage>
  )
}
