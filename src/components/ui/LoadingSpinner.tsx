import './LoadingSpinner.css'

export interface LoadingSpinnerProps {
  /** What is loading, for screen readers. */
  label: string
}

export function LoadingSpinner({ label }: LoadingSpinnerProps) {
  return (
    <div className="loading-spinner" role="status" aria-label={label}>
      <span className="loading-spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}
