import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { PhotoEssayList } from '../components/listings/PhotoEssayList.tsx'
import type { EssayPage } from '../content/listings/listings.ts'
import { pageSizes } from '../content/listings/paging.ts'
import { ListingLoadError } from './-listingError.tsx'
import { pagedListingRoute, type Listing } from './-listingRoute.tsx'
import { pagedListingPage } from './-listingView.tsx'

const photoEssays: Listing = {
  title: 'Photo Essays',
  description: 'London and beyond, told in pictures by Resonance photographers.',
  path: '/photo-essays',
  pageSize: pageSizes.essays,
  emptyMessage: 'No photo essays yet.',
  emptyDetail: 'Our photographers’ essays appear here as soon as they are published.',
}

// An index route, so the essay pages (/photo-essays/$slug) are siblings rather than rendered inside
// this listing.
export const Route = createFileRoute('/photo-essays/')({
  ...pagedListingRoute<EssayPage>(photoEssays, (queries) => queries.photoEssayListingQuery),
  errorComponent: ListingLoadError,
  component: pagedListingPage(getRouteApi('/photo-essays/'), photoEssays, essayItems),
})

function essayItems({ essays }: EssayPage, now: Date) {
  return <PhotoEssayList essays={essays} now={now} />
}
