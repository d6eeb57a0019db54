import './UnreadBadge.css'

export interface UnreadBadgeProps {
  /** Unread messages; nothing is shown for none, or while the count is unknown. */
  count: number | null
}

/** The unread count beside the side navigation's Inbox link: a figure to see, ", N unread" to hear. */
export function UnreadBadge({ count }: UnreadBadgeProps) {
  if (!count) return null
  return (
    <>
      {/* Heard as ", 3 unread" after the link's own words; the figure alone is what is seen. */}
      <span className="visually-hidden">, {count} unread</span>
      <span className="unread-badge" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
    </>
  )
}
