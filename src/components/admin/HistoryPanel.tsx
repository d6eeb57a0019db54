import { useId, useState } from 'react'
import type { ArticleBodyNode } from '../../content/article/article.ts'
import type { FieldChange, TextDiffPart } from '../../content/admin/history.ts'
import { PortableTextBody } from '../article/PortableTextBody.tsx'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import './HistoryPanel.css'

/** One revision in the list, as the panel shows it. */
export interface RevisionItem {
  id: string
  /** When, on London's clock: "24 Nov 2026, 09:05:12". */
  time: string
  /** Who: an email, or "API token". */
  author: string
}

export type RevisionListState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; revisions: RevisionItem[] }

/** A field's change, with the body's as a text diff. */
export interface ChangeItem extends FieldChange {
  diff?: TextDiffPart[]
}

export type ViewedRevisionState =
  | { kind: 'loading'; id: string }
  | { kind: 'failed'; id: string; message: string }
  | {
      kind: 'ready'
      id: string
      /** The article as this revision left it; null when the revision deleted it. */
      article: { title: string; excerpt: string; body: ArticleBodyNode[] } | null
      changes: ChangeItem[]
    }

export interface HistoryPanelProps {
  list: RevisionListState
  viewed: ViewedRevisionState | null
  /** A restore is being saved. */
  restoring: boolean
  /** Why the last restore failed. */
  restoreError: string | null
  onRetry: () => void
  onView: (id: string) => void
  onRestore: (id: string) => void
}

const kindWords: Record<FieldChange['kind'], string> = {
  changed: 'Changed since this version',
  added: 'Added since this version',
  removed: 'Removed since this version',
}

/**
 * An article's revisions, newest first, with who wrote each and when; one of them viewed read-only
 * beside what changed since (field by field, the body as a text diff), and Restore, which saves
 * that content again as a new revision after a confirm.
 */
export function HistoryPanel({ list, viewed, restoring, restoreError, onRetry, onView, onRestore }: HistoryPanelProps) {
  const headingId = useId()
  const [confirming, setConfirming] = useState(false)
  const viewedItem = list.kind === 'ready' && viewed ? list.revisions.find((r) => r.id === viewed.id) : undefined
  const isCurrent = list.kind === 'ready' && viewed !== null && list.revisions[0]?.id === viewed.id

  return (
    <section className="history-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="history-panel__heading">
        History
      </h2>
      {list.kind === 'loading' && (
        <p className="history-panel__status" role="status">
          Loading revisions…
        </p>
      )}
      {list.kind === 'failed' && (
        <div className="history-panel__problem" role="alert">
          <p>Could not load the history: {list.message}</p>
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {list.kind === 'ready' && list.revisions.length === 0 && <p className="history-panel__status">No revisions yet.</p>}
      {list.kind === 'ready' && list.revisions.length > 0 && (
        <ol className="history-panel__list" aria-label="Revisions, newest first">
          {list.revisions.map((revision, index) => (
            <li key={revision.id}>
              <button type="button" className="history-panel__revision" aria-pressed={viewed?.id === revision.id} onClick={() => onView(revision.id)}>
                <span className="history-panel__time">{revision.time}</span>
                <span className="history-panel__author">{revision.author}</span>
                {index === 0 && <span className="history-panel__tag">Current version</span>}
              </button>
            </li>
          ))}
        </ol>
      )}

      {viewed && (
        <section className="history-panel__viewed" aria-label={viewedItem ? `Revision of ${viewedItem.time}` : 'Revision'}>
          {viewed.kind === 'loading' && <p role="status">Loading this version…</p>}
          {viewed.kind === 'failed' && <p role="alert">Could not load this version: {viewed.message}</p>}
          {viewed.kind === 'ready' && (
            <>
              <h3 className="history-panel__subheading">{viewedItem ? `Version of ${viewedItem.time}` : 'This version'}</h3>
              {viewedItem && <p className="history-panel__by">By {viewedItem.author}</p>}
              {viewed.article === null ? (
                <p>The article was deleted in this revision.</p>
              ) : (
                <div className="history-panel__article">
                  <p className="history-panel__title">{viewed.article.title || 'Untitled'}</p>
                  {viewed.article.excerpt && <p className="history-panel__excerpt">{viewed.article.excerpt}</p>}
                  <PortableTextBody value={viewed.article.body} />
                </div>
              )}
              <h3 className="history-panel__subheading">What changed since</h3>
              {viewed.changes.length === 0 ? (
                <p>Nothing: this is the same as the current version.</p>
              ) : (
                <dl className="history-panel__changes">
                  {viewed.changes.map((change) => (
                    <div key={change.field} className="history-panel__change">
                      <dt>
                        {change.label} <span className={`history-panel__kind history-panel__kind--${change.kind}`}>{kindWords[change.kind]}</span>
                      </dt>
                      <dd>{change.diff ? <TextDiff parts={change.diff} /> : <FieldValues change={change} />}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {viewed.article !== null && !isCurrent && (
                <div className="history-panel__restore">
                  <button type="button" className="history-panel__restore-button" disabled={restoring} onClick={() => setConfirming(true)}>
                    {restoring ? 'Restoring…' : 'Restore this version'}
                  </button>
                  {restoreError && <p role="alert">Could not restore: {restoreError}</p>}
                </div>
              )}
            </>
          )}
        </section>
      )}
      <ConfirmDialog
        // Open while the restore is saved, so the confirm button shows it is busy; closed once it settles.
        open={confirming || restoring}
        title="Restore this version"
        message="The article will be saved with this version's content, as a new revision; published articles show it to readers at once. Unsaved changes in the form are lost."
        detail={viewedItem ? `${viewedItem.time}, by ${viewedItem.author}` : undefined}
        confirmLabel="Restore"
        busyLabel="Restoring..."
        busy={restoring}
        onConfirm={() => {
          setConfirming(false)
          if (viewed) onRestore(viewed.id)
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}

function FieldValues({ change }: { change: FieldChange }) {
  return (
    <>
      {change.revision !== '' && (
        <p className="history-panel__value">
          <span className="history-panel__value-label">This version: </span>
          <del>{change.revision}</del>
        </p>
      )}
      {change.current !== '' && (
        <p className="history-panel__value">
          <span className="history-panel__value-label">Now: </span>
          <ins>{change.current}</ins>
        </p>
      )}
    </>
  )
}

/**
 * The body's text from this version to now: removed text struck through, added text underlined
 * (also the article form's comparison of a draft with the published version, DraftVersusLive).
 */
export function TextDiff({ parts, className = 'history-panel__diff' }: { parts: TextDiffPart[]; className?: string }) {
  return (
    <p className={className}>
      {parts.map((part, i) =>
        part.kind === 'added' ? (
          <ins key={i}>
            <span className="visually-hidden">[added: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </ins>
        ) : part.kind === 'removed' ? (
          <del key={i}>
            <span className="visually-hidden">[removed: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </del>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  )
}
