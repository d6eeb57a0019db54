import './UnreadBadge.css'

export interface UnreadBadgeProps {
  /** Unread messages; nothing is shown for none, or while the count is unknown. */
  count: number | null
}

/**
 * The unread count beside the side navigation's Inbox link, to be seen. It is hidden from screen
 * readers: the link says the count in its name (withUnread in content/admin/inbox.ts).
 */
export function UnreadBadge({ count }: UnreadBadgeProps) {
  if (!count) return null
  return (
    <span className="unread-badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  )
}
