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
}

interface PageLinkProps {
  page: number
  children: ReactNode
  className?: string
  rel?: string
  'aria-label'?: string
}

// Pages of a listing are the listing's own address ("."), with `?page=N` after the first. Exact
// matching of path and search, so the router never marks a link to another page as the current one
// (a fuzzy match would call the bare first-page address current on every page).
function PageLink({ page, children, ...rest }: PageLinkProps) {
  return (
    <Link to="." search={page > 1 ? { page } : {}} activeOptions={{ exact: true }} {...rest}>
      {children}
    </Link>
  )
}

/** Previous, next and numbered links through a listing's pages; nothing when there is one page. */
export function Pagination({ page, pageCount, label = 'Pages' }: PaginationProps) {
  if (pageCount <= 1 || page > pageCount) return null
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <li className="pagination__step">
          {page > 1 ? (
            <PageLink page={page - 1} rel="prev">
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
        {pageLinks(page, pageCount).map((link, index) =>
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
                <PageLink page={link} className="pagination__number" aria-label={`Page ${link}`}>
                  {link}
                </PageLink>
              )}
            </li>
          ),
        )}
        <li className="pagination__step">
          {page < pageCount ? (
            <PageLink page={page + 1} rel="next">
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
