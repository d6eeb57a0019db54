import { Link } from '@tanstack/react-router'
import { useId, useRef } from 'react'
import type { DashboardData } from '../../content/admin/dashboard.ts'
import { displayTitle, publicationStatus, statusLabels, type Loadable } from '../../content/admin/display.ts'
import type { AdminListItem } from '../../content/admin/listItem.ts'
import { sectionTitles, type SectionType } from '../../content/admin/addresses.ts'
import { useConfirmation } from '../ui/ConfirmDialog.tsx'
import { ConfirmDelete } from './ConfirmDelete.tsx'
import { SectionLinks } from './SectionLinks.tsx'
import './AdminDashboard.css'

export interface AdminDashboardProps {
  state: Loadable<DashboardData>
  /** Deletes the article and reports how it went; the dialog stays busy until it settles. */
  onDelete: (article: AdminListItem) => Promise<unknown>
  onRetry?: () => void
}

const sections: ReadonlyArray<{ key: keyof DashboardData; type: SectionType }> = [
  { key: 'lead', type: 'lead' },
  { key: 'featured', type: 'featured' },
  { key: 'latest', type: 'latest' },
]

/**
 * The editors' front page: the articles in the homepage's Lead Story, Featured Stories and Latest
 * Updates (drafts included and marked), with edit and delete, and a way into every section manager.
 */
export function AdminDashboard({ state, onDelete, onRetry }: AdminDashboardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const managersId = useId()
  const confirmation = useConfirmation(onDelete)
  return (
    <div className="admin-dashboard">
      <div className="admin-dashboard__header">
        <h1 ref={headingRef} tabIndex={-1} className="admin-dashboard__title">
          Content Dashboard
        </h1>
        <Link to="/admin/edit/articles/new" className="admin-dashboard__create">
          Create Article
        </Link>
      </div>
      {state.status === 'error' && onRetry ? (
        <p className="admin-dashboard__retry">
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : null}
      <div className="admin-dashboard__sections">
        {sections.map(({ key, type }) => (
          <DashboardSection key={key} type={type} state={state.status === 'ready' ? { status: 'ready', data: state.data[key] } : state} onDelete={confirmation.ask} />
        ))}
      </div>
      <nav className="admin-dashboard__managers" aria-labelledby={managersId}>
        <h2 id={managersId} className="admin-dashboard__managers-title">
          Manage sections
        </h2>
        <SectionLinks />
      </nav>
      <ConfirmDelete confirmation={confirmation} nameOf={(article) => displayTitle(article.title)} fallbackFocus={headingRef} />
    </div>
  )
}

interface DashboardSectionProps {
  type: SectionType
  state: Loadable<AdminListItem[]>
  onDelete: (article: AdminListItem) => void
}

function DashboardSection({ type, state, onDelete }: DashboardSectionProps) {
  const headingId = useId()
  const title = sectionTitles[type]
  return (
    <section className="admin-dashboard__section" aria-labelledby={headingId}>
      <div className="admin-dashboard__section-header">
        <h2 id={headingId}>{title}</h2>
        <Link to="/admin/content/$sectionType" params={{ sectionType: type }} className="admin-dashboard__all" aria-label={`Manage ${title}`}>
          Manage
        </Link>
      </div>
      {state.status === 'loading' ? (
        <p className="admin-dashboard__note">Loading articles...</p>
      ) : state.status === 'error' ? (
        <p className="admin-dashboard__error">Failed to load articles.</p>
      ) : state.data.length === 0 ? (
        <p className="admin-dashboard__note">No articles in this section.</p>
      ) : (
        <ul className="admin-dashboard__list">
          {state.data.map((article) => (
            <DashboardItem key={article.id} article={article} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </section>
  )
}

function DashboardItem({ article, onDelete }: { article: AdminListItem; onDelete: (article: AdminListItem) => void }) {
  const title = displayTitle(article.title)
  const status = publicationStatus(article)
  return (
    <li className="admin-dashboard__item">
      <div className="admin-dashboard__item-text">
        <span className="admin-dashboard__item-title">{title}</span>
        <span className="admin-dashboard__item-meta">
          {article.category ? <span>{article.category}</span> : null}
          {status === 'published' ? null : <span className={`admin-dashboard__badge admin-dashboard__badge--${status}`}>{statusLabels[status]}</span>}
        </span>
      </div>
      <div className="admin-dashboard__actions">
        <Link to="/admin/edit/articles/$id" params={{ id: article.id }} className="admin-dashboard__edit" aria-label={`Edit “${title}”`}>
          Edit
        </Link>
        <button type="button" className="admin-dashboard__delete" onClick={() => onDelete(article)} aria-label={`Delete “${title}”`}>
          Delete
        </button>
      </div>
    </li>
  )
}
