import { Link } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { displayTitle, draftDiffersLabel, publicationStatus, statusLabels, type Loadable } from '../../content/admin/display.ts'
import type { AdminListItem } from '../../content/admin/listItem.ts'
import { sectionHasFlag, sectionHoldsArticles, type SectionContent } from '../../content/admin/sections.ts'
import { sectionTitles, type SectionType } from '../../content/admin/addresses.ts'
import { useConfirmation } from '../ui/ConfirmDialog.tsx'
import { ConfirmDelete } from './ConfirmDelete.tsx'
import { SectionLinks } from './SectionLinks.tsx'
import './SectionManager.css'

export interface SectionManagerProps {
  /** The section being managed; null when the address names no section. */
  sectionType: SectionType | null
  state: Loadable<SectionContent>
  /** Deletes the item and reports how it went; the dialog stays busy until it settles. */
  onDelete: (item: AdminListItem) => Promise<unknown>
  onRetry?: () => void
  /**
   * Whether the signed-in person publishes (shared/roles.ts): a contributor, whom the service refuses
   * deletes and photo essays, gets Edit for articles only, with no Delete and no New photo essay.
   */
  canPublish?: boolean
  /**
   * Takes the article off this section (clears its flag; the article stays as it is) and reports how
   * it went. Offered in the sections an editor flags articles for, to those who publish.
   */
  onRemove?: (item: AdminListItem) => Promise<unknown>
}

/**
 * One homepage section's content (or the image galleries), each as readers see it, with edit and
 * delete, and in a flagged section Remove from this section, which leaves the article as it is.
 */
export function SectionManager({ sectionType, state, onDelete, onRetry, canPublish = true, onRemove }: SectionManagerProps) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const confirmation = useConfirmation(onDelete)

  if (sectionType === null) {
    return (
      <div className="section-manager">
        <BackToDashboard />
        <h1 className="section-manager__title">Invalid content section</h1>
        <p>These are the sections you can manage:</p>
        <SectionLinks className="section-manager__sections" />
      </div>
    )
  }

  const title = sectionTitles[sectionType]
  const editable = sectionHoldsArticles(sectionType)
  const essays = sectionType === 'images'
  return (
    <div className="section-manager">
      <BackToDashboard />
      <h1 ref={headingRef} tabIndex={-1} className="section-manager__title">
        Manage {title}
      </h1>
      {essays && canPublish ? (
        <p className="section-manager__new">
          <Link to="/admin/photo-essays/new" className="section-manager__edit">
            New photo essay
          </Link>
        </p>
      ) : null}
      {state.status === 'loading' ? (
        <p className="section-manager__note">Loading content...</p>
      ) : state.status === 'error' ? (
        <div className="section-manager__error" role="alert">
          <p>Error: {state.message}</p>
          {onRetry ? (
            <button type="button" onClick={onRetry}>
              Try again
            </button>
          ) : null}
        </div>
      ) : state.data.items.length === 0 ? (
        <p className="section-manager__note">No content found in this section.</p>
      ) : (
        <>
          <p className="section-manager__count">{countText(state.data, sectionType)}</p>
          <ul className="section-manager__list">
            {state.data.items.map((item) => (
              <SectionItem
                key={item.id}
                item={item}
                section={title}
                edit={editable ? 'article' : essays && canPublish ? 'essay' : null}
                onDelete={canPublish ? confirmation.ask : null}
                onRemove={canPublish && onRemove && sectionHasFlag(sectionType) ? onRemove : null}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDelete confirmation={confirmation} noun={editable ? 'article' : 'gallery'} nameInQuestion nameOf={(item) => displayTitle(item.title)} fallbackFocus={headingRef} />
    </div>
  )
}

function countText({ total, items }: SectionContent, type: SectionType): string {
  const noun = total === 1 ? 'item' : 'items'
  if (items.length >= total) return `${total} ${noun}`
  return `Showing ${items.length} of ${total} ${noun}, ${type === 'trending' ? 'most read' : 'newest'} first`
}

function BackToDashboard() {
  return (
    <Link to="/admin/dashboard" className="section-manager__back">
      <span aria-hidden="true">←</span> Back to Dashboard
    </Link>
  )
}

interface SectionItemProps {
  item: AdminListItem
  /** The section's name, for the Remove button's label. */
  section: string
  edit: 'article' | 'essay' | null
  onDelete: ((item: AdminListItem) => void) | null
  onRemove: ((item: AdminListItem) => Promise<unknown>) | null
}

function SectionItem({ item, section, edit, onDelete, onRemove }: SectionItemProps) {
  const title = displayTitle(item.title)
  const status = publicationStatus(item)
  const [removing, setRemoving] = useState(false)
  return (
    <li className="section-manager__item">
      <div className="section-manager__text">
        <span className="section-manager__item-title">{title}</span>
        <span className="section-manager__meta">
          <span>{item.category ?? 'No category'}</span>
          {status === 'published' ? null : <span className={`section-manager__badge section-manager__badge--${status}`}>{statusLabels[status]}</span>}
          {item.draftDiffers ? <span className="section-manager__badge section-manager__badge--edited">{draftDiffersLabel}</span> : null}
        </span>
      </div>
      <div className="section-manager__actions">
        {edit === 'article' ? (
          <Link to="/admin/articles/$id/edit" params={{ id: item.id }} className="section-manager__edit" aria-label={`Edit “${title}”`}>
            Edit
          </Link>
        ) : edit === 'essay' ? (
          <Link to="/admin/photo-essays/$id" params={{ id: item.id }} className="section-manager__edit" aria-label={`Edit “${title}”`}>
            Edit
          </Link>
        ) : null}
        {onRemove ? (
          <button
            type="button"
            className="section-manager__remove"
            aria-disabled={removing || undefined}
            aria-label={`Remove “${title}” from ${section}`}
            onClick={() => {
              if (removing) return
              setRemoving(true)
              void onRemove(item).finally(() => setRemoving(false))
            }}
          >
            {removing ? 'Removing...' : 'Remove from this section'}
          </button>
        ) : null}
        {onDelete ? (
          <button type="button" className="section-manager__delete" onClick={() => onDelete(item)} aria-label={`Delete “${title}”`}>
            Delete
          </button>
        ) : null}
      </div>
    </li>
  )
}
