import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { NotFound } from '../components/layout/NotFound.tsx'
import { ListingLoadError } from './-listingError.tsx'
import { categoryListingRoute } from './-listingRoute.tsx'
import { categoryPage } from './-listingView.tsx'

// The header's topics (/topic/news-politics, ...): categories of kind `topic`. /topic/uk is the UK
// section: the reader is sent to its one address.
export const Route = createFileRoute('/topic/$slug')({
  ...categoryListingRoute('topic'),
  errorComponent: ListingLoadError,
  notFoundComponent: NotFound,
  component: categoryPage(getRouteApi('/topic/$slug'), 'topic'),
})
