import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ListingLoadError } from './-listingError.tsx'
import { articleCards, pagedListingPage } from './-listingView.tsx'
import { videoListing } from './-videoListing.ts'

const videos = videoListing('Videos', 'The latest video reports from Resonance, newest first.', '/videos')

export const Route = createFileRoute('/videos')({
  ...videos.route,
  errorComponent: ListingLoadError,
  component: pagedListingPage(getRouteApi('/videos'), videos.listing, articleCards),
})
