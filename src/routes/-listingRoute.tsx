// How a listing route loads: the options each listing's `createFileRoute(path)({...})` spreads in
// before its own. Only options that stay in the first download belong here (search validation,
// loader, head, pending view). The error, not-found and page views are written in each route file,
// because the router plugin splits a route's views into their own chunk only when it finds them
// there; the pages come from ./-listingView.tsx, which nothing here imports.

import { notFound, redirect } from '@tanstack/react-router'
import { authorPath, categoryPath } from '../../shared/paths.ts'
import { ListingPending } from '../components/listings/ListingPending.tsx'
import {
  authorArticlesQuery,
  authorBySlugQuery,
  authorDescription,
  authorFeedLink,
  authorName,
  type AuthorListing,
  type AuthorProfile,
} from '../content/authors/authors.ts'
import type { RouterContext } from '../content/clients/source.ts'
import { checkIdentifier } from '../content/format/identifier.ts'
import { categoryFeedLink } from '../content/layout/feeds.ts'
import { profileHead } from '../content/meta/cards.ts'
import {
  categoryListingQuery,
  headWithoutContent,
  listingHead,
  pageSizes,
  pageWindow,
  validatePageSearch,
  type ArticlePage,
  type CategoryListing,
  type PageBounds,
  type PageSearch,
} from '../content/listings/listings.ts'

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

/** A listing in pages: each page fetches its slice of the list with `query`. */
export function pagedListingRoute<Data>(listing: Listing, query: (bounds: PageBounds) => string) {
  return {
    ...pageOptions,
    loader: ({ deps, context }: { deps: PageDeps; context: RouterContext }) => context.content.fetch<Data>(query(pageWindow(deps.page, listing.pageSize))),
    head: ({ match }: { match: { context: RouterContext; loaderDeps: PageDeps } }) => listingHead(match.context.origin, listing, match.loaderDeps.page),
    pendingComponent: pendingView(listing.pendingLabel),
  }
}

/** A listing that is one bounded page (trending), so it has no `?page`. */
export function singlePageListingRoute<Data>(listing: Listing, query: string) {
  return {
    loader: ({ context }: { context: RouterContext }) => context.content.fetch<Data>(query),
    head: ({ match }: { match: { context: RouterContext } }) => listingHead(match.context.origin, listing),
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
      const listing = await findBySlug(params[param], (slug) =>
        context.content.fetch<CategoryListing | null>(categoryListingQuery(pageWindow(deps.page, pageSizes.listing)), { slug }),
      )
      // The listing's slug is the one asked for: the query matches it exactly.
      if ((listing.kind === 'topic' ? 'topic' : 'section') !== kind) throw elsewhere(listing.kind, listing.slug, deps.page)
      return listing
    },
    head: ({ loaderData, match }: { loaderData?: CategoryListing; match: { context: RouterContext; status: string; loaderDeps: PageDeps } }) => {
      if (!loaderData) return headWithoutContent(match.status)
      const card = { title: loaderData.title, description: loaderData.description || wording.describe(loaderData.title), path: categoryPath(loaderData.slug, loaderData.kind) }
      const head = listingHead(match.context.origin, card, match.loaderDeps.page)
      // Beside the paper's feed, which the root links from every page.
      return { ...head, links: [...(head.links ?? []), categoryFeedLink(loaderData.title, loaderData.slug, loaderData.kind)] }
    },
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
      const author = await findBySlug(params.slug, (slug) => context.content.fetch<AuthorProfile | null>(authorBySlugQuery, { slug }))
      const articles = await context.content.fetch<ArticlePage>(authorArticlesQuery(pageWindow(deps.page, pageSizes.listing)), { author: author._id })
      return { ...author, ...articles }
    },
    head: ({ loaderData, match }: { loaderData?: AuthorListing; match: { context: RouterContext; status: string; loaderDeps: PageDeps } }) => {
      if (!loaderData) return headWithoutContent(match.status)
      const person = { name: authorName(loaderData), description: authorDescription(loaderData), path: authorPath(loaderData.slug), image: loaderData.image }
      const head = profileHead(match.context.origin, person, match.loaderDeps.page)
      // Beside the paper's feed, which the root links from every page.
      return { ...head, links: [...(head.links ?? []), authorFeedLink(loaderData)] }
    },
    pendingComponent: pendingView(),
  }
}

function elsewhere(kind: CategoryListing['kind'], slug: string, page: number) {
  const search = page > 1 ? { page } : {}
  return kind === 'topic'
    ? redirect({ to: '/topic/$slug', params: { slug }, search, replace: true })
    : redirect({ to: '/$section', params: { section: slug }, search, replace: true })
}
