import { Link } from '@tanstack/react-router'
import './EmptyState.css'

export interface EmptyStateProps {
  /** What is missing, in a sentence: "No articles in Puzzles yet." */
  message: string
  /** More help, such as what to read instead. */
  detail?: string | null
  /** Where to go from here: a path in the app. */
  action?: { to: string; label: string } | null
}

/** Says plainly that a listing has nothing to show, and offers a way on. */
export function EmptyState({ message, detail, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <p className="empty-state__message">{message}</p>
      {detail ? <p className="empty-state__detail">{detail}</p> : null}
      {action ? (
        <p className="empty-state__action">
          <Link to={action.to}>
            {action.label}
          </Link>
        </p>
      ) : null}
    </div>
  )
}
