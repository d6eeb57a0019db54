import { createFileRoute } from '@tanstack/react-router'
import { ListingPage } from '../components/listings/ListingPage.tsx'
import { ListingPending } from '../components/listings/ListingPending.tsx'
import { PhotoEssayList } from '../components/listings/PhotoEssayList.tsx'
import { listingHead, pageSizes, pageWindow, photoEssayListingQuery, validatePageSearch, type EssayPage } from '../content/listings/listings.ts'
import { ListingLoadError } from './-listingError.tsx'
import { useNow } from './-clock.tsx'

const title = 'Photo Essays'
const description = 'London and beyond, told in pictures by Resonance photographers.'

// An index route, so the essay pages (/photo-essays/$slug) are siblings rather than rendered inside
// this listing.
export const Route = createFileRoute('/photo-essays/')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ deps, context }) => context.content.fetch<EssayPage>(photoEssayListingQuery(pageWindow(deps.page, pageSizes.essays))),
  head: ({ match }) => listingHead(title, description, match.loaderDeps.page),
  pendingComponent: () => <ListingPending />,
  errorComponent: ListingLoadError,
  component: PhotoEssaysPage,
})

function PhotoEssaysPage() {
  const now = useNow()
  const { total, essays } = Route.useLoaderData()
  const { page } = Route.useLoaderDeps()
  return (
    <ListingPage
      title={title}
      description={description}
      total={total}
      page={page}
      pageSize={pageSizes.essays}
      path="/photo-essays"
      emptyMessage="No photo essays yet."
      emptyDetail="Our photographers’ essays appear here as soon as they are published."
    >
      <PhotoEssayList essays={essays} now={now} />
    </ListingPage>
  )
}
