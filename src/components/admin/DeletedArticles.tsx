import type { Loadable } from '../../content/admin/display.ts'
import { LoadError } from './LoadError.tsx'
import './NewsroomList.css'
import './DeletedArticles.css'

/** One deleted article as the list shows it. */
export interface DeletedArticleItem {
  id: string
  title: string
  /** When, on London's clock. */
  deletedAt: string
  /** Who: an email, or "API token". */
  deletedBy: string
}

export interface DeletedArticlesProps {
  state: Loadable<DeletedArticleItem[]>
  /** The article whose restore is being saved. */
  restoring: string | null
  onRestore: (id: string) => void
  onRetry?: () => void
}

/**
 * Articles deleted in the last 30 days, newest first, each with who deleted it and when, and Restore,
 * which brings it back as a draft from its last revision.
 */
export function DeletedArticles({ state, restoring, onRestore, onRetry }: DeletedArticlesProps) {
  const articles = state.status === 'ready' ? state.data : []
  return (
    <div className="newsroom-list deleted-articles">
      <div className="newsroom-list__header">
        <h1 className="newsroom-list__title">Recently deleted</h1>
      </div>
      <p className="newsroom-list__summary" role="status">
        {state.status === 'loading'
          ? 'Loading deleted articles...'
          : state.status === 'ready'
            ? articles.length === 0
              ? 'No articles were deleted in the last 30 days.'
              : `${articles.length} ${articles.length === 1 ? 'article was' : 'articles were'} deleted in the last 30 days. Restore brings one back as a draft.`
            : ''}
      </p>
      {state.status === 'error' ? <LoadError what="deleted articles" message={state.message} onRetry={onRetry} /> : null}
      {articles.length > 0 ? (
        <ul className="deleted-articles__list" aria-label="Deleted articles, newest first">
          {articles.map((article) => (
            <li key={article.id} className="deleted-articles__item">
              <div className="deleted-articles__text">
                <p className="deleted-articles__title">{article.title}</p>
                <p className="deleted-articles__meta">
                  Deleted {article.deletedAt} by {article.deletedBy}
                </p>
              </div>
              <button
                type="button"
                className="newsroom-list__button"
                aria-label={`Restore ${article.title}`}
                aria-disabled={restoring !== null}
                onClick={() => {
                  if (restoring === null) onRestore(article.id)
                }}
              >
                {restoring === article.id ? 'Restoring...' : 'Restore'}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
