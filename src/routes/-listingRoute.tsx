// How a listing route loads: the options each listing's `createFileRoute(path)({...})` spreads in
// before its own. Only options that stay in the first download belong here (search validation,
// loader, head, pending view). The error, not-found and page views are written in each route file,
// because the router plugin splits a route's views into their own chunk only when it finds them
// there; the pages come from ./-listingView.tsx, which nothing here imports.
//
// The plugin moves no option spread in from here, so these keep the first download small themselves
// (decision 018): search validation and paging come from the small paging.ts, and a loader or head
// imports the listings' queries, the authors' rules and the heads when it first runs.

import { notFound, redirect } from '@tanstack/react-router'
import { ListingPending } from '../components/listings/ListingPending.tsx'
import type { RouterContext } from '../content/clients/source.ts'
import { checkIdentifier } from '../content/format/identifier.ts'
import type { ArticlePage, CategoryListing, PageBounds } from '../content/listings/listings.ts'
import { pageSizes, pageWindow, validatePageSearch, type PageSearch } from '../content/listings/paging.ts'
import type { AuthorListing, AuthorProfile } from '../content/authors/authors.ts'

type Listings = typeof import('../content/listings/listings.ts')
const listings = (): Promise<Listings> => import('../content/listings/listings.ts')
const heads = () => import('../content/listings/head.ts')

/** What a listing of a fixed set (the archive, the videos, ...) is called and says, for its head and its page. */
export interface Listing {
  title: string
  description: string
  /** Where its first page lives. */
  path: string
  pageSize: number
  /** Beside the spinner while it loads; the spinner's own default otherwise. */
  pendingLabel?: string
  emptyMessage: string
  emptyDetail?: string
}

interface PageDeps {
  page: number
}

function pendingView(label?: string) {
  return () => <ListingPending label={label} />
}

/** Page N of a paged listing is `?page=N`; the first page has no search. */
const pageOptions = {
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }: { search: PageSearch }): PageDeps => ({ page: search.page ?? 1 }),
}

/**
 * A listing in pages: each page fetches its slice of the list with the query `query` picks from
 * the listings' queries (content/listings/listings.ts, imported when the first page loads).
 */
export function pagedListingRoute<Data>(listing: Listing, query: (queries: Listings) => (bounds: PageBounds) => string) {
  return {
    ...pageOptions,
    loader: async ({ deps, context }: { deps: PageDeps; context: RouterContext }) =>
      context.content.fetch<Data>(query(await listings())(pageWindow(deps.page, listing.pageSize))),
    head: async ({ match }: { match: { context: RouterContext; loaderDeps: PageDeps } }) => (await heads()).listingHead(match.context.origin, listing, match.loaderDeps.page),
    pendingComponent: pendingView(listing.pendingLabel),
  }
}

/** A listing that is one bounded page (trending), so it has no `?page`. */
export function singlePageListingRoute<Data>(listing: Listing, query: (queries: Listings) => string) {
  return {
    loader: async ({ context }: { context: RouterContext }) => context.content.fetch<Data>(query(await listings())),
    head: async ({ match }: { match: { context: RouterContext } }) => (await heads()).listingHead(match.context.origin, listing),
    pendingComponent: pendingView(listing.pendingLabel),
  }
}

/**
 * The document a page's slug names. A slug that cannot be an identifier is never sent in a query;
 * it, and a slug nothing has, are the not-found page.
 */
export async function findBySlug<T>(param: string | undefined, fetch: (slug: string) => Promise<T | null>): Promise<T> {
  const slug = checkIdentifier(param)
  if (!slug) throw notFound()
  const found = await fetch(slug)
  if (!found) throw notFound()
  return found
}

/** How a kind of category page describes itself, for its head and its page. */
export interface CategoryWording {
  /** Above the title: what kind of listing this is. */
  kicker?: string
  /** The head's description when the category has none of its own. */
  describe: (title: string) => string
  emptyMessage: (title: string) => string
}

/**
 * The two kinds of category page. Topics live under /topic/$slug and the other kinds (sections,
 * desks) at /$section (see categoryPath); one address per listing, so a category asked for at the
 * other kind's address is sent to its own, on the same page.
 */
const categoryPages = {
  section: {
    param: 'section',
    wording: {
      describe: (title) => `The latest ${title} stories from Resonance.`,
      emptyMessage: (title) => `No articles in ${title} yet.`,
    },
  },
  topic: {
    param: 'slug',
    wording: {
      kicker: 'Topic',
      describe: (title) => `Stories about ${title} from Resonance.`,
      emptyMessage: (title) => `No articles about ${title} yet.`,
    },
  },
} as const satisfies Record<string, { param: string; wording: CategoryWording }>

export type CategoryPageKind = keyof typeof categoryPages

export function categoryWording(kind: CategoryPageKind): CategoryWording {
  return categoryPages[kind].wording
}

/** A category's listing, found by the slug in its address. */
export function categoryListingRoute(kind: CategoryPageKind) {
  const { param, wording } = categoryPages[kind]
  return {
    ...pageOptions,
    loader: async ({ params, deps, context }: { params: { section?: string; slug?: string }; deps: PageDeps; context: RouterContext }) => {
      const { categoryListingQuery } = await listings()
      const listing = await findBySlug(params[param], (slug) =>
        context.content.fetch<CategoryListing | null>(categoryListingQuery(pageWindow(deps.page, pageSizes.listing)), { slug }),
      )
      // The listing's slug is the one asked for: the query matches it exactly.
      if ((listing.kind === 'topic' ? 'topic' : 'section') !== kind) throw elsewhere(listing.kind, listing.slug, deps.page)
      return listing
    },
    head: async ({ loaderData, match }: { loaderData?: CategoryListing; match: { context: RouterContext; status: string; loaderDeps: PageDeps } }) =>
      (await heads()).categoryHead(match.context.origin, loaderData, wording.describe, match),
    pendingComponent: pendingView(),
  }
}

/**
 * An author's page, found by the slug in its address: who they are, then a page of their articles
 * (two queries, so each is one the query planner runs itself; src/content/authors/authors.ts).
 */
export function authorListingRoute() {
  return {
    ...pageOptions,
    loader: async ({ params, deps, context }: { params: { slug?: string }; deps: PageDeps; context: RouterContext }): Promise<AuthorListing> => {
      const { authorArticlesQuery, authorBySlugQuery } = await import('../content/authors/authors.ts')
      const author = await findBySlug(params.slug, (slug) => context.content.fetch<AuthorProfile | null>(authorBySlugQuery, { slug }))
      const articles = await context.content.fetch<ArticlePage>(authorArticlesQuery(pageWindow(deps.page, pageSizes.listing)), { author: author._id })
      return { ...author, ...articles }
    },
    head: async ({ loaderData, match }: { loaderData?: AuthorListing; match: { context: RouterContext; status: string; loaderDeps: PageDeps } }) =>
      (await import('../content/authors/head.ts')).authorHead(match.context.origin, loaderData, match),
    pendingComponent: pendingView(),
  }
}

function elsewhere(kind: CategoryListing['kind'], slug: string, page: number) {
  const search = page > 1 ? { page } : {}
  return kind === 'topic'
    ? redirect({ to: '/topic/$slug', params: { slug }, search, replace: true })
    : redirect({ to: '/$section', params: { section: slug }, search, replace: true })
}
