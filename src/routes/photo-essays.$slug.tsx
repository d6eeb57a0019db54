import { createFileRoute } from '@tanstack/react-router'
import { ListingPending } from '../components/listings/ListingPending.tsx'
import { NotFound } from '../components/layout/NotFound.tsx'
import { PhotoEssayGallery } from '../components/listings/PhotoEssayGallery.tsx'
import { headWithoutContent, photoEssayHead, photoEssayQuery, type PhotoEssay } from '../content/listings/listings.ts'
import { ListingLoadError } from './-listingError.tsx'
import { findBySlug } from './-listingRoute.tsx'

export const Route = createFileRoute('/photo-essays/$slug')({
  loader: ({ params, context }) => findBySlug(params.slug, (slug) => context.content.fetch<PhotoEssay | null>(photoEssayQuery, { slug })),
  head: ({ loaderData, match }) => (loaderData ? photoEssayHead(match.context.origin, loaderData) : headWithoutContent(match.status)),
  pendingComponent: () => <ListingPending label="Loading the photo essay…" />,
  errorComponent: ListingLoadError,
  notFoundComponent: NotFound,
  component: PhotoEssayPage,
})

function PhotoEssayPage() {
  return <PhotoEssayGallery essay={Route.useLoaderData()} />
}
