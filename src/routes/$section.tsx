import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { NotFound } from '../components/layout/NotFound.tsx'
import { ListingLoadError } from './-listingError.tsx'
import { categoryListingRoute } from './-listingRoute.tsx'
import { categoryPage } from './-listingView.tsx'

// Every header section (/uk, /world, ...) and desk (/news, /opinion, /puzzles, ...) is a category
// found by its slug, so a category editors add gets its page without a new route. Static routes
// (/about, /trending, ...) win over this one; a slug no category has is the not-found page, and a
// topic's slug leads to its page under /topic.
export const Route = createFileRoute('/$section')({
  ...categoryListingRoute('section'),
  errorComponent: ListingLoadError,
  notFoundComponent: NotFound,
  component: categoryPage(getRouteApi('/$section'), 'section'),
})
