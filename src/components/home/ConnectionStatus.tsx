import './ConnectionStatus.css'

/** How fresh the homepage is: the route maps the feed machine's state onto these. */
export type ConnectionState = 'connecting' | 'live' | 'polling' | 'offline'

export interface ConnectionStatusProps {
  status: ConnectionState
  /** Seconds between updates while polling. */
  pollSeconds: number
  onRetry?: () => void
}

const labels: Record<ConnectionState, (seconds: number) => string> = {
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
      <span className="connection-status__label">{labels[status](pollSeconds)}</span>
      {status === 'offline' && onRetry ? (
        <button type="button" className="connection-status__retry" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </p>
  )
}
