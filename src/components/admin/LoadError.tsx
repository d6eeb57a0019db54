import './LoadError.css'

export interface LoadErrorProps {
  /** What failed to load, as the sentence says it: "articles", "the outbox". */
  what: string
  /** Why, as the service or the browser put it. */
  message: string
  /** Loads again; without it no button is offered. */
  onRetry?: () => void
}

/** An admin list that could not be loaded: announced at once, with the reason and a way to try again. */
export function LoadError({ what, message, onRetry }: LoadErrorProps) {
  return (
    <div className="load-error" role="alert">
      <p className="load-error__title">Failed to load {what}.</p>
      <p className="load-error__detail">{message}</p>
      {onRetry ? (
        <button type="button" className="load-error__retry" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  )
}
