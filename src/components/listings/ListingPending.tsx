import './ListingPending.css'

export interface ListingPendingProps {
  /** What is loading, for screen readers and beside the spinner. */
  label?: string
}

/** Shown while a listing's first page loads: a spinner announced politely. */
export function ListingPending({ label = 'Loading…' }: ListingPendingProps) {
  return (
    <div className="listing-pending" role="status" aria-live="polite">
      <span className="listing-pending__spinner" aria-hidden="true" />
      <span className="listing-pending__label">{label}</span>
    </div>
  )
}
