import { createFileRoute } from '@tanstack/react-router'
import { ListingPending } from '../components/listings/ListingPending.tsx'
import { NotFound } from '../components/layout/NotFound.tsx'
import { PhotoEssayGallery } from '../components/listings/PhotoEssayGallery.tsx'
import type { PhotoEssay } from '../content/listings/listings.ts'
import { ListingLoadError } from './-listingError.tsx'
import { findBySlug } from './-listingRoute.tsx'
import { ReadBeacon } from './-readBeacon.tsx'

export const Route = createFileRoute('/photo-essays/$slug')({
  // The query and the head's module load when first used, outside the reader's first download (decision 018).
  loader: async ({ params, context }) => {
    const { photoEssayQuery } = await import('../content/listings/listings.ts')
    return findBySlug(params.slug, (slug) => context.content.fetch<PhotoEssay | null>(photoEssayQuery, { slug }))
  },
  head: async ({ loaderData, match }) => {
    const { headWithoutContent, photoEssayHead } = await import('../content/listings/head.ts')
    return loaderData ? photoEssayHead(match.context.origin, loaderData) : headWithoutContent(match.status)
  },
  pendingComponent: () => <ListingPending label="Loading the photo essay…" />,
  errorComponent: ListingLoadError,
  notFoundComponent: NotFound,
  component: PhotoEssayPage,
})

function PhotoEssayPage() {
  const { slug } = Route.useParams()
  return (
    <>
      <PhotoEssayGallery essay={Route.useLoaderData()} />
      <ReadBeacon page={slug} preview={false} />
    </>
  )
}
