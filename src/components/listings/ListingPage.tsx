import type { ReactNode } from 'react'
import { pageCount as countPages } from '../../content/listings/paging.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { Pagination } from '../ui/Pagination.tsx'
import './ListingPage.css'

export interface ListingPageProps {
  title: string
  description?: string | null
  /** A word above the title saying what kind of listing this is ("Topic", "Desk"). */
  kicker?: string | null
  /** Beside the heading: an author's portrait on their page. */
  picture?: ReactNode
  /** How many items the listing has over all its pages. */
  total: number
  /** The page being shown, from 1. */
  page: number
  pageSize: number
  /** The listing's path: where "Go to page 1" leads from a page past the end. */
  path: string
  /** Said when the listing has nothing at all: "No articles in Puzzles yet." */
  emptyMessage: string
  emptyDetail?: string | null
  /** The page's items (a grid of cards, the archive's months, the photo essays). */
  children: ReactNode
}

/**
 * The frame every listing shares: its heading and description, its items, pagination, and an empty
 * state when there is nothing to show (no items at all, or a page past the last).
 */
export function ListingPage({ title, description, kicker, picture, total, page, pageSize, path, emptyMessage, emptyDetail, children }: ListingPageProps) {
  const pages = countPages(total, pageSize)
  let body: ReactNode
  if (total === 0) {
    body = <EmptyState message={emptyMessage} detail={emptyDetail} action={{ to: '/', label: 'Read the latest news' }} />
  } else if (page > pages) {
    body = (
      <EmptyState
        message={`There is no page ${page} of ${title}.`}
        detail={pages === 1 ? 'Everything here fits on one page.' : `It has ${pages} pages.`}
        action={{ to: path, label: 'Go to page 1' }}
      />
    )
  } else {
    body = (
      <>
        {children}
        <Pagination page={page} pageCount={pages} label={`${title} pages`} />
      </>
    )
  }
  return (
    <div className="listing-page">
      <header className={picture ? 'listing-page__header listing-page__header--with-picture' : 'listing-page__header'}>
        {picture}
        <div className="listing-page__heading">
          {kicker ? <p className="listing-page__kicker">{kicker}</p> : null}
          <h1 className="listing-page__title">{title}</h1>
          {description ? <p className="listing-page__description">{description}</p> : null}
          {pages > 1 && page <= pages ? (
            <p className="listing-page__position">
              Page {page} of {pages}
            </p>
          ) : null}
        </div>
      </header>
      {body}
    </div>
  )
}
