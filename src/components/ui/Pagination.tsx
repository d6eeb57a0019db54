import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { pageLinks } from '../../content/listings/listings.ts'
import './Pagination.css'

export interface PaginationProps {
  /** The page being shown, from 1. */
  page: number
  pageCount: number
  /** Names the navigation landmark, so a page with two lists can tell them apart. */
  label?: string
  /**
   * Each page's address keeps the rest of the current search (the admin's filters and sort) and
   * changes only `page`. Off, a page's search is `page` alone, as the reader's listings have no other.
   */
  keepSearch?: boolean
  /**
   * Shown a page past the last one: 'hide' shows nothing (a reader's listing says so itself);
   * 'leadBack' shows the pages with Previous leading to the last one (the admin's list).
   */
  pastTheEnd?: 'hide' | 'leadBack'
  /** 'admin' draws it in the admin's style: left-aligned, under the table, no rule above. */
  variant?: 'listing' | 'admin'
}

interface PageLinkProps {
  page: number
  keepSearch: boolean
  children: ReactNode
  className?: string
  rel?: string
  'aria-label'?: string
}

// A page is the list's own address ("."), with `?page=N` after the first. Links match path and
// search exactly, so the router never marks a link to another page as the current one (a fuzzy
// match could call the bare first-page address current on every page).
function PageLink({ page, keepSearch, children, ...rest }: PageLinkProps) {
  if (keepSearch) {
    return (
      <Link to="." search={(previous: Record<string, unknown>) => ({ ...previous, page: page > 1 ? page : undefined })} activeOptions={{ exact: true }} {...rest}>
        {children}
      </Link>
    )
  }
  return (
    <Link to="." search={page > 1 ? { page } : {}} activeOptions={{ exact: true }} {...rest}>
      {children}
    </Link>
  )
}

/** Previous, next and numbered links through a list's pages; nothing when there is one page. */
export function Pagination({ page, pageCount, label = 'Pages', keepSearch = false, pastTheEnd = 'hide', variant = 'listing' }: PaginationProps) {
  if (pageCount <= 1 || (page > pageCount && pastTheEnd === 'hide')) return null
  // Past the end, the numbers are those around the last page, and none of them is current.
  const around = Math.min(page, pageCount)
  return (
    <nav className={variant === 'admin' ? 'pagination pagination--admin' : 'pagination'} aria-label={label}>
      <ul className="pagination__list">
        <li className="pagination__step">
          {page > 1 ? (
            <PageLink page={Math.min(page - 1, pageCount)} keepSearch={keepSearch} rel="prev">
              <span className="pagination__arrow" aria-hidden="true">
                ‹
              </span>
              Previous
            </PageLink>
          ) : (
            // Kept in place (but silent) so the numbers do not jump between the first page and the rest.
            <span className="pagination__disabled" aria-hidden="true">
              <span className="pagination__arrow">‹</span>
              Previous
            </span>
          )}
        </li>
        {pageLinks(around, pageCount).map((link, index) =>
          link === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link}>
              {link === page ? (
                // The page being read is not a link: following it would go nowhere.
                <span className="pagination__number pagination__current" aria-current="page">
                  <span className="visually-hidden">Page </span>
                  {link}
                </span>
              ) : (
                <PageLink page={link} keepSearch={keepSearch} className="pagination__number" aria-label={`Page ${link}`}>
                  {link}
                </PageLink>
              )}
            </li>
          ),
        )}
        <li className="pagination__step">
          {page < pageCount ? (
            <PageLink page={page + 1} keepSearch={keepSearch} rel="next">
              Next
              <span className="pagination__arrow" aria-hidden="true">
                ›
              </span>
            </PageLink>
          ) : (
            <span className="pagination__disabled" aria-hidden="true">
              Next
              <span className="pagination__arrow">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
