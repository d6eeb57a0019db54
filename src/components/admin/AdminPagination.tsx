import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { pageLinks } from '../../content/listings/listings.ts'
import './AdminPagination.css'

export interface AdminPaginationProps {
  /** The page shown, from 1. */
  page: number
  pageCount: number
  /** Names the navigation landmark. */
  label?: string
}

interface PageLinkProps {
  page: number
  children: ReactNode
  className?: string
  rel?: string
  'aria-label'?: string
}

// A page is the list's own address with `page` changed and every filter kept (the reader site's
// Pagination starts each page's search afresh, which would drop them). Page 1 has no `page`.
function PageLink({ page, children, ...rest }: PageLinkProps) {
  return (
    <Link to="." search={(previous: Record<string, unknown>) => ({ ...previous, page: page > 1 ? page : undefined })} {...rest}>
      {children}
    </Link>
  )
}

/** Previous, next and numbered links through the admin's article list; nothing for a single page. */
export function AdminPagination({ page, pageCount, label = 'Article pages' }: AdminPaginationProps) {
  if (pageCount <= 1) return null
  const current = Math.min(page, pageCount)
  return (
    <nav className="admin-pagination" aria-label={label}>
      <ul className="admin-pagination__list">
        <li>
          {page > 1 ? (
            <PageLink page={Math.min(page - 1, pageCount)} rel="prev" className="admin-pagination__step">
              <span aria-hidden="true">‹ </span>Previous
            </PageLink>
          ) : (
            <span className="admin-pagination__step admin-pagination__step--off" aria-hidden="true">
              ‹ Previous
            </span>
          )}
        </li>
        {pageLinks(current, pageCount).map((link, index) =>
          link === 'gap' ? (
            <li key={`gap-${index}`} className="admin-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link}>
              {link === page ? (
                <span className="admin-pagination__number admin-pagination__number--current" aria-current="page">
                  <span className="visually-hidden">Page </span>
                  {link}
                </span>
              ) : (
                <PageLink page={link} className="admin-pagination__number" aria-label={`Page ${link}`}>
                  {link}
                </PageLink>
              )}
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <PageLink page={page + 1} rel="next" className="admin-pagination__step">
              Next<span aria-hidden="true"> ›</span>
            </PageLink>
          ) : (
            <span className="admin-pagination__step admin-pagination__step--off" aria-hidden="true">
              Next ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
