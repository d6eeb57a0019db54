import { Link } from '@tanstack/react-router'
import { useId, useRef } from 'react'
import { notShownBadge, type DashboardData, type DashboardSection as DashboardSectionData, type DashboardSectionKey, type NotShownItem } from '../../content/admin/dashboard.ts'
import { displayTitle, draftDiffersLabel, publicationStatus, statusLabels, type Loadable } from '../../content/admin/display.ts'
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
  /** Whether the signed-in user may delete articles: a contributor is offered no Delete the service would refuse. */
  canDelete?: boolean
}

const sections: ReadonlyArray<{ key: DashboardSectionKey; title: string; manage: SectionType | null }> = [
  // Breaking News has no section manager: it is one story, chosen in the article form.
  { key: 'breaking', title: 'Breaking News', manage: null },
  { key: 'lead', title: sectionTitles.lead, manage: 'lead' },
  { key: 'featured', title: sectionTitles.featured, manage: 'featured' },
  { key: 'latest', title: sectionTitles.latest, manage: 'latest' },
  { key: 'trending', title: sectionTitles.trending, manage: 'trending' },
]

/**
 * The editors' front page: the homepage's sections as readers see them now (Breaking News, Lead
 * Story, Featured Stories, Latest Updates, Trending Now), and under each the articles flagged for
 * it that readers do not see there, each marked "Not on the homepage" or with the section readers see
 * it in instead (an article flagged featured may be shown among the latest). Each row is the version readers
 * see; drafts are marked, and so is a published article whose draft differs from it. Each has
 * edit and (for those who may delete) delete, and there is a way into every section manager.
 */
export function AdminDashboard({ state, onDelete, onRetry, canDelete = true }: AdminDashboardProps) {
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
      <p className="admin-dashboard__intro">Each section lists what the homepage shows readers now, in its order.</p>
      <div className="admin-dashboard__sections">
        {sections.map(({ key, title, manage }) => (
          <DashboardSection key={key} title={title} manage={manage} state={state.status === 'ready' ? { status: 'ready', data: state.data[key] } : state} onDelete={canDelete ? confirmation.ask : null} />
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
  title: string
  /** The section manager it opens; none for Breaking News. */
  manage: SectionType | null
  state: Loadable<DashboardSectionData>
  /** Null when the user may not delete. */
  onDelete: ((article: AdminListItem) => void) | null
}

function DashboardSection({ title, manage, state, onDelete }: DashboardSectionProps) {
  const headingId = useId()
  const hiddenId = useId()
  return (
    <section className="admin-dashboard__section" aria-labelledby={headingId}>
      <div className="admin-dashboard__section-header">
        <h2 id={headingId}>{title}</h2>
        {manage ? (
          <Link to="/admin/content/$sectionType" params={{ sectionType: manage }} className="admin-dashboard__all" aria-label={`Manage ${title}`}>
            Manage
          </Link>
        ) : null}
      </div>
      {state.status === 'loading' ? (
        <p className="admin-dashboard__note">Loading articles...</p>
      ) : state.status === 'error' ? (
        <p className="admin-dashboard__error">Failed to load articles.</p>
      ) : state.data.shown.length === 0 && state.data.notShown.length === 0 ? (
        <p className="admin-dashboard__note">No articles in this section.</p>
      ) : (
        <>
          {state.data.shown.length === 0 ? (
            <p className="admin-dashboard__note">None on the homepage.</p>
          ) : (
            <ul className="admin-dashboard__list" aria-label={`${title} on the homepage`}>
              {state.data.shown.map((article) => (
                <DashboardItem key={article.id} article={article} onDelete={onDelete} />
              ))}
            </ul>
          )}
          {state.data.notShown.length > 0 ? (
            <div className="admin-dashboard__hidden">
              <h3 id={hiddenId} className="admin-dashboard__hidden-title">
                Flagged, not shown here
              </h3>
              <ul className="admin-dashboard__list" aria-labelledby={hiddenId}>
                {state.data.notShown.map((article) => (
                  <DashboardItem key={article.id} article={article} onDelete={onDelete} notShown={article} />
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}

function DashboardItem({ article, onDelete, notShown }: { article: AdminListItem; onDelete: ((article: AdminListItem) => void) | null; notShown?: NotShownItem }) {
  const title = displayTitle(article.title)
  const status = publicationStatus(article)
  return (
    <li className={notShown ? 'admin-dashboard__item admin-dashboard__item--hidden' : 'admin-dashboard__item'}>
      <div className="admin-dashboard__item-text">
        <span className="admin-dashboard__item-title">{title}</span>
        <span className="admin-dashboard__item-meta">
          {notShown ? <span className="admin-dashboard__badge admin-dashboard__badge--hidden">{notShownBadge(notShown)}</span> : null}
          {article.category ? <span>{article.category}</span> : null}
          {status === 'published' ? null : <span className={`admin-dashboard__badge admin-dashboard__badge--${status}`}>{statusLabels[status]}</span>}
          {article.draftDiffers ? <span className="admin-dashboard__badge admin-dashboard__badge--edited">{draftDiffersLabel}</span> : null}
        </span>
      </div>
      <div className="admin-dashboard__actions">
        <Link to="/admin/edit/articles/$id" params={{ id: article.id }} className="admin-dashboard__edit" aria-label={`Edit “${title}”`}>
          Edit
        </Link>
        {onDelete ? (
          <button type="button" className="admin-dashboard__delete" onClick={() => onDelete(article)} aria-label={`Delete “${title}”`}>
            Delete
          </button>
        ) : null}
      </div>
    </li>
  )
}
