// How a listing route shows: its ListingPage, with the items dated on the reader's clock.
//
// A route file sets `component: pagedListingPage(getRouteApi(id), ...)` (or categoryPage). The
// router plugin moves that call into the route's own lazy chunk, so this module loads with the
// routes' pages and never with the first download (see ./-listingRoute.tsx). The route is named by
// getRouteApi rather than passed as the file's `Route`: without code splitting the call runs while
// `Route` is still being defined.

import type { ReactNode } from 'react'
import { ListingGrid } from '../components/listings/ListingGrid.tsx'
import { ListingPage } from '../components/listings/ListingPage.tsx'
import { AuthorPortrait } from '../components/authors/AuthorPortrait.tsx'
import { authorPath, categoryPath } from '../../shared/paths.ts'
import { authorBio, authorName, type AuthorListing } from '../content/authors/authors.ts'
import type { ArticlePage, CategoryListing } from '../content/listings/listings.ts'
import { pageSizes } from '../content/listings/paging.ts'
import { useNow } from './-clock.tsx'
import { categoryWording, type CategoryPageKind, type Listing } from './-listingRoute.tsx'

/** What a listing page reads from its route (`getRouteApi(id)` gives it). */
interface ListingRouteApi<Data> {
  useLoaderData: () => Data
  useLoaderDeps: () => { page: number }
}

/** A listing as its page shows it; a category's comes from its document, so it may lack a description. */
type ShownListing = Omit<Listing, 'description' | 'pendingLabel'> & { description: string | null; kicker?: string }

/** A page's items, given the time to date them by. */
type Items<Data> = (data: Data, now: Date) => ReactNode

interface ListingViewProps {
  listing: ShownListing
  /** Beside the heading (an author's portrait). */
  picture?: ReactNode
  total: number
  page: number
  children: (now: Date) => ReactNode
}

/** The frame of a listing (ListingPage) around its items, dated on the reader's clock. */
export function ListingView({ listing, total, page, picture, children }: ListingViewProps) {
  const now = useNow()
  return (
    <ListingPage
      title={listing.title}
      kicker={listing.kicker}
      picture={picture}
      description={listing.description}
      total={total}
      page={page}
      pageSize={listing.pageSize}
      path={listing.path}
      emptyMessage={listing.emptyMessage}
      emptyDetail={listing.emptyDetail}
    >
      {children(now)}
    </ListingPage>
  )
}

/** The items of a listing of articles (the videos, every category), as cards. */
export const articleCards: Items<Pick<ArticlePage, 'articles'>> = (data, now) => <ListingGrid articles={data.articles} now={now} />

/** The page of a paged listing route: page `?page` of the loaded list. */
export function pagedListingPage<Data extends { total: number }>(route: ListingRouteApi<Data>, listing: Listing, items: Items<Data>): () => ReactNode {
  return function PagedListingPage() {
    const data = route.useLoaderData()
    const { page } = route.useLoaderDeps()
    return (
      <ListingView listing={listing} total={data.total} page={page}>
        {(now) => items(data, now)}
      </ListingView>
    )
  }
}

/** The page of a category route: the category's own name and description, worded for its kind. */
export function categoryPage(route: ListingRouteApi<CategoryListing>, kind: CategoryPageKind): () => ReactNode {
  const wording = categoryWording(kind)
  return function CategoryPage() {
    const category = route.useLoaderData()
    const { page } = route.useLoaderDeps()
    const listing: ShownListing = {
      title: category.title,
      kicker: wording.kicker,
      description: category.description,
      path: categoryPath(category.slug, category.kind),
      pageSize: pageSizes.listing,
      emptyMessage: wording.emptyMessage(category.title),
      emptyDetail: 'New stories appear here as soon as they are published.',
    }
    return (
      <ListingView listing={listing} total={category.total} page={page}>
        {(now) => articleCards(category, now)}
      </ListingView>
    )
  }
}

/** The page of an author: their portrait, name and bio over their articles. */
export function authorPage(route: ListingRouteApi<AuthorListing>): () => ReactNode {
  return function AuthorPage() {
    const author = route.useLoaderData()
    const { page } = route.useLoaderDeps()
    const name = authorName(author)
    const listing: ShownListing = {
      title: name,
      kicker: 'Author',
      description: authorBio(author),
      path: authorPath(author.slug),
      pageSize: pageSizes.listing,
      emptyMessage: `No articles by ${name} yet.`,
      emptyDetail: 'New stories appear here as soon as they are published.',
    }
    return (
      <ListingView listing={listing} total={author.total} page={page} picture={<AuthorPortrait image={author.image} />}>
        {(now) => articleCards(author, now)}
      </ListingView>
    )
  }
}
