import './ListingError.css'

export interface ListingErrorProps {
  /** Why the page could not load, as the content service or the network put it. */
  message: string
  onRetry: () => void
}

/** A listing that failed to load: what went wrong and a way to try again. */
export function ListingError({ message, onRetry }: ListingErrorProps) {
  return (
    <section className="listing-error" aria-labelledby="listing-error-title">
      <h1 id="listing-error-title">Sorry, something went wrong</h1>
      <p role="alert">We could not load this page: {message}</p>
      <button type="button" className="listing-error__retry" onClick={onRetry}>
        Try again
      </button>
    </section>
  )
}
