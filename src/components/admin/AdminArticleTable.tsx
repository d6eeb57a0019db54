import { Link } from '@tanstack/react-router'
import { useId, useRef, type ReactNode } from 'react'
import type { AdminArticleRow } from '../../content/admin/articleList.ts'
import { adminDateTime, displayTitle, publicationStatus, statusLabels, type Loadable } from '../../content/admin/display.ts'
import { londonTime } from '../../content/admin/schedules.ts'
import { articlePageSize, articleSortDescriptions, type ArticleSort } from '../../content/admin/addresses.ts'
import { useConfirmation } from '../ui/ConfirmDialog.tsx'
import { ConfirmDelete } from './ConfirmDelete.tsx'
import { LoadError } from './LoadError.tsx'
import './AdminArticleTable.css'

export interface AdminArticleTableProps {
  state: Loadable<{ rows: AdminArticleRow[]; total: number }>
  /** The page shown, from 1. */
  page: number
  sort: ArticleSort
  /** Whether filters narrow the list, which changes what an empty list says. */
  filtered: boolean
  onSort: (sort: ArticleSort) => void
  /** Deletes the article and reports how it went; the dialog stays busy until it settles. */
  onDelete: (article: AdminArticleRow) => Promise<unknown>
  onRetry?: () => void
  /**
   * Another view of the list is loading (a new filter, sort or page): the rows shown stay, marked
   * busy, so the filters keep their place and focus while it loads.
   */
  busy?: boolean
  /** The search and filters form, above the table. */
  filters?: ReactNode
  /** Links to the other pages, below the table. */
  pagination?: ReactNode
  /**
   * Whether the signed-in user may delete articles (shared/roles.ts writerRoles). A contributor
   * may not, and is offered no Delete the service would refuse.
   */
  canDelete?: boolean
}

/**
 * The article list: every article once (its draft when it has one), with author, category,
 * status and creation date, edit and delete; sortable by title and creation date from the headers.
 */
export function AdminArticleTable({ state, page, sort, filtered, onSort, onDelete, onRetry, busy = false, filters, pagination, canDelete = true }: AdminArticleTableProps) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const captionId = useId()
  const confirmation = useConfirmation(onDelete)
  const rows = state.status === 'ready' ? state.data.rows : []

  return (
    <div className="article-table">
      <div className="article-table__header">
        <h1 ref={headingRef} tabIndex={-1} className="article-table__title">
          Articles
        </h1>
        <Link to="/admin/edit/articles/new" className="article-table__create">
          Create Article
        </Link>
      </div>
      {filters}
      {/* Always present, so a screen reader hears the new count whenever the list changes. */}
      <p className="article-table__summary" role="status">
        {state.status === 'loading' || busy ? 'Loading articles...' : state.status === 'ready' ? summaryText(state.data.total, rows.length, page, filtered) : ''}
      </p>
      {state.status === 'error' ? (
        <LoadError what="articles" message={state.message} onRetry={onRetry} />
      ) : null}
      {rows.length > 0 ? (
        <div className="article-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0} aria-busy={busy || undefined}>
          <table className="article-table__table">
            <caption id={captionId} className="article-table__caption">
              Articles, {articleSortDescriptions[sort]}
            </caption>
            <thead>
              <tr>
                <SortableHeader label="Title" ascending="title" descending="title-desc" first="title" sort={sort} onSort={onSort} />
                <th scope="col">Author</th>
                <th scope="col">Category</th>
                <th scope="col">Status</th>
                <SortableHeader label="Created At" ascending="oldest" descending="newest" first="newest" sort={sort} onSort={onSort} />
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ArticleRow key={row.id} row={row} onDelete={canDelete ? confirmation.ask : null} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {rows.some((row) => publicationStatus(row) === 'edited') ? (
        <p className="article-table__legend">Published (edited): readers see the published version; an editor’s changes wait in a draft.</p>
      ) : null}
      {pagination}
      <ConfirmDelete confirmation={confirmation} nameOf={(row) => displayTitle(row.title)} fallbackFocus={headingRef} />
    </div>
  )
}

function summaryText(total: number, shown: number, page: number, filtered: boolean): string {
  if (total === 0) return filtered ? 'No articles match these filters.' : 'No articles yet.'
  if (shown === 0) return `There are no articles on page ${page}.`
  const first = (page - 1) * articlePageSize + 1
  const noun = total === 1 ? 'article' : 'articles'
  return `Showing ${first}–${first + shown - 1} of ${total} ${noun}${filtered ? ' matching the filters' : ''}.`
}

interface SortableHeaderProps {
  label: string
  ascending: ArticleSort
  descending: ArticleSort
  /** The direction a first click sorts in. */
  first: ArticleSort
  sort: ArticleSort
  onSort: (sort: ArticleSort) => void
}

// Only the column the list is sorted by carries aria-sort, as ARIA asks; a click sorts by this
// column, or reverses it when it already is.
function SortableHeader({ label, ascending, descending, first, sort, onSort }: SortableHeaderProps) {
  const direction = sort === ascending ? 'ascending' : sort === descending ? 'descending' : undefined
  const next = direction === undefined ? first : direction === 'ascending' ? descending : ascending
  return (
    <th scope="col" aria-sort={direction}>
      <button type="button" className="article-table__sort" onClick={() => onSort(next)}>
        {label}
        <span className="article-table__sort-icon" aria-hidden="true">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  )
}

function ArticleRow({ row, onDelete }: { row: AdminArticleRow; onDelete: ((row: AdminArticleRow) => void) | null }) {
  const title = displayTitle(row.title)
  const status = publicationStatus(row)
  const created = adminDateTime(row.createdAt)
  return (
    <tr>
      <th scope="row" className="article-table__row-title">
        {title}
      </th>
      <td>{row.author ?? <span className="article-table__none">No author</span>}</td>
      <td>{row.categories.length > 0 ? row.categories.join(', ') : <span className="article-table__none">None</span>}</td>
      <td>
        <span className={`article-table__status article-table__status--${status}`}>{statusLabels[status]}</span>
        {row.scheduledAt ? (
          // A draft waiting for its schedule: when it goes live, on London's clock.
          <span className="article-table__scheduled">
            <span className="article-table__status article-table__status--scheduled">Scheduled</span> <time dateTime={row.scheduledAt}>{londonTime(row.scheduledAt)}</time>
          </span>
        ) : null}
      </td>
      <td className="article-table__date">{created && row.createdAt ? <time dateTime={row.createdAt}>{created}</time> : <span className="article-table__none">Unknown</span>}</td>
      <td>
        <div className="article-table__actions">
          <Link to="/admin/articles/$id" params={{ id: row.id }} className="article-table__edit" aria-label={`Edit “${title}”`}>
            Edit
          </Link>
          {onDelete ? (
            <button type="button" className="article-table__delete" onClick={() => onDelete(row)} aria-label={`Delete “${title}”`}>
              Delete
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  )
}
