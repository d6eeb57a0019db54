import type { FeedStatus } from '../machines/feedMachine.ts'
import './ConnectionStatus.css'

export interface ConnectionStatusProps {
  status: FeedStatus
  /** Seconds between updates while polling. */
  pollSeconds: number
  onRetry?: () => void
}

const labels: Record<FeedStatus, (seconds: number) => string> = {
  connecting: () => 'Connecting…',
  live: () => 'Live',
  polling: (s) => `Updating every ${s} seconds`,
  offline: () => 'Offline. Trying to reconnect…',
}

/** A small, polite note of how fresh the homepage is; screen readers hear changes, not every render. */
export function ConnectionStatus({ status, pollSeconds, onRetry }: ConnectionStatusProps) {
  return (
    <p className={`connection-status connection-status--${status}`} role="status" aria-live="polite">
      <span className="connection-status__dot" aria-hidden="true" />
      <span>{labels[status](pollSeconds)}</span>
      {status === 'offline' && onRetry ? (
        <button type="button" className="connection-status__retry" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </p>
  )
}
