import './ArticleStatus.css'

export type ArticleStatusState =
  | { kind: 'invalidSlug' }
  | { kind: 'error'; message: string; onRetry?: () => void }
  | { kind: 'notFound' }

export interface ArticleStatusProps {
  state: ArticleStatusState
}

/**
 * What the article page shows instead of an article: a refused address, a failure, or nothing
 * there. (While it loads, the route shows LoadingSpinner.)
 */
export function ArticleStatus({ state }: ArticleStatusProps) {
  if (state.kind === 'notFound') {
    return (
      <section className="article-status" aria-labelledby="article-status-title">
        <h1 id="article-status-title" className="article-status__title">
          Article not found.
        </h1>
        <p>It may have been moved or taken down, or the address may be mistyped.</p>
        <p>
          <a href="/">Return to the front page</a>
        </p>
      </section>
    )
  }
  const message = state.kind === 'invalidSlug' ? 'Invalid article slug.' : `Error loading article: ${state.message}`
  return (
    <section className="article-status" aria-labelledby="article-status-title">
      {/* The alert is the message itself, so a screen reader announces exactly what is printed. */}
      <h1 id="article-status-title" className="article-status__title article-status__title--problem">
        <span role="alert">{message}</span>
      </h1>
      {state.kind === 'error' && state.onRetry && (
        <p>
          <button type="button" className="article-status__retry" onClick={state.onRetry}>
            Try again
          </button>
        </p>
      )}
      <p>
        <a href="/">Return to the front page</a>
      </p>
    </section>
  )
}
