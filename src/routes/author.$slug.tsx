import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { NotFound } from '../components/layout/NotFound.tsx'
import { ListingLoadError } from './-listingError.tsx'
import { authorListingRoute } from './-listingRoute.tsx'
import { authorPage } from './-listingView.tsx'

// An author's page (/author/priya-raman): their picture and bio over their articles, newest first,
// paged like every listing. A slug no author has is the not-found page, answered with 404.
export const Route = createFileRoute('/author/$slug')({
  ...authorListingRoute(),
  errorComponent: ListingLoadError,
  notFoundComponent: NotFound,
  component: authorPage(getRouteApi('/author/$slug')),
})
