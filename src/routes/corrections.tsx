import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { CorrectionsList } from '../components/listings/CorrectionsList.tsx'
import type { CorrectionsPage } from '../content/listings/listings.ts'
import { pageSizes } from '../content/listings/paging.ts'
import { ListingLoadError } from './-listingError.tsx'
import { pagedListingRoute, type Listing } from './-listingRoute.tsx'
import { pagedListingPage } from './-listingView.tsx'

const corrections: Listing = {
  title: 'Corrections and clarifications',
  description: 'Where Resonance got it wrong or was unclear, newest first: each correction is also marked at the foot of the article it corrects.',
  path: '/corrections',
  pageSize: pageSizes.corrections,
  pendingLabel: 'Loading corrections…',
  emptyMessage: 'No corrections or clarifications yet.',
  emptyDetail: 'When a published story is corrected, the correction appears here and at the foot of the story.',
}

export const Route = createFileRoute('/corrections')({
  ...pagedListingRoute<CorrectionsPage>(corrections, (queries) => queries.correctionsQuery),
  errorComponent: ListingLoadError,
  component: pagedListingPage(getRouteApi('/corrections'), corrections, correctionItems),
})

// A named function, not an arrow in the call above: the router plugin moves that call into the
// page's chunk by reprinting it, and it reprints only plain JavaScript.
function correctionItems({ corrections: entries }: CorrectionsPage) {
  return <CorrectionsList corrections={entries} />
}
