import { createFileRoute } from '@tanstack/react-router'
import { ListingArchive } from '../components/listings/ListingArchive.tsx'
import { ListingPage } from '../components/listings/ListingPage.tsx'
import { ListingPending } from '../components/listings/ListingPending.tsx'
import { archiveQuery, listingHead, pageSizes, pageWindow, validatePageSearch, type ArticlePage } from '../content/listings/listings.ts'
import { ListingLoadError } from './-listingError.tsx'
import { useNow } from './-clock.tsx'

const title = 'Archive'
const description = 'Every story Resonance has published, month by month, newest first.'

export const Route = createFileRoute('/archive')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ deps, context }) => context.content.fetch<ArticlePage>(archiveQuery(pageWindow(deps.page, pageSizes.archive))),
  head: ({ match }) => listingHead(title, description, match.loaderDeps.page),
  pendingComponent: () => <ListingPending label="Loading the archive…" />,
  errorComponent: ListingLoadError,
  component: ArchivePage,
})

function ArchivePage() {
  const now = useNow()
  const { total, articles } = Route.useLoaderData()
  const { page } = Route.useLoaderDeps()
  return (
    <ListingPage
      title={title}
      description={description}
      total={total}
      page={page}
      pageSize={pageSizes.archive}
      path="/archive"
      emptyMessage="Nothing has been published yet."
    >
      <ListingArchive articles={articles} now={now} />
    </ListingPage>
  )
}
