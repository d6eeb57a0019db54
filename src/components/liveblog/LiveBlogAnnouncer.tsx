export interface LiveBlogAnnouncerProps {
  /** What to tell a screen reader's user now: new updates, that the blog ended; '' for nothing. */
  message: string
}

/**
 * The live blog's polite live region: always in the page, empty at first, so assistive technology
 * is listening before the first message arrives, and says each new message once the reader pauses.
 */
export function LiveBlogAnnouncer({ message }: LiveBlogAnnouncerProps) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" aria-label="Live blog announcements">
      {message}
    </p>
  )
}
