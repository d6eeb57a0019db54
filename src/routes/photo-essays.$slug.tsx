import { createFileRoute, notFound } from '@tanstack/react-router'
import { ListingPending } from '../components/listings/ListingPending.tsx'
import { NotFound } from '../components/layout/NotFound.tsx'
import { PhotoEssayGallery } from '../components/listings/PhotoEssayGallery.tsx'
import { checkIdentifier } from '../content/format/identifier.ts'
import { headWithoutContent, listingHead, photoEssayQuery, type PhotoEssay } from '../content/listings/listings.ts'
import { ListingLoadError } from './-listingError.tsx'

export const Route = createFileRoute('/photo-essays/$slug')({
  loader: async ({ params, context }) => {
    const slug = checkIdentifier(params.slug)
    if (!slug) throw notFound()
    const essay = await context.content.fetch<PhotoEssay | null>(photoEssayQuery, { slug })
    if (!essay) throw notFound()
    return essay
  },
  head: ({ loaderData, match }) => (loaderData ? listingHead(loaderData.title, loaderData.description || `A photo essay from Resonance: ${loaderData.title}.`) : headWithoutContent(match.status)),
  pendingComponent: () => <ListingPending label="Loading the photo essay…" />,
  errorComponent: ListingLoadError,
  notFoundComponent: NotFound,
  component: PhotoEssayPage,
})

function PhotoEssayPage() {
  return <PhotoEssayGallery essay={Route.useLoaderData()} />
}
