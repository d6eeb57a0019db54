import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ListingLoadError } from './-listingError.tsx'
import { articleCards, pagedListingPage } from './-listingView.tsx'
import { videoListing } from './-videoListing.ts'

const videoJournal = videoListing('Video Journal', 'Our video journalism: reports, interviews and films from London and beyond.', '/video-journal')

export const Route = createFileRoute('/video-journal')({
  ...videoJournal.route,
  errorComponent: ListingLoadError,
  component: pagedListingPage(getRouteApi('/video-journal'), videoJournal.listing, articleCards),
})
