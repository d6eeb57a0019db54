import type { LiveBlogPage } from '../../content/liveblog/liveBlog.ts'
import { updateAnchor } from '../../content/liveblog/pages.ts'
import { LiveUpdateCard } from './LiveUpdateCard.tsx'
import { NewUpdatesButton } from './NewUpdatesButton.tsx'
import './LiveBlogUpdates.css'

export interface LiveBlogUpdatesProps {
  page: LiveBlogPage
  now: Date
  blogTitle: string
  /** The absolute address that finds an update on whichever page holds it. */
  shareUrl: (id: string) => string
  /** The address of an update not on this page. */
  updateHref: (id: string) => string
  /** On an open first page: the new updates held back from a reader further down, and how to bring them in. */
  held?: { count: number; onShow: () => void }
  /** Whether an update came onto the open page after it was first shown (it is marked, once). */
  arrived?: (id: string) => boolean
}

/** The heading above the updates: where "N new updates" takes the reader and the keyboard's focus. */
export const latestUpdatesHeadingId = 'liveblog-updates-title'

/**
 * A page of a live blog's updates: the pinned update, then this page's updates newest first, then
 * links to the newer and older pages.
 */
export function LiveBlogUpdates({ page, now, blogTitle, shareUrl, updateHref, held, arrived }: LiveBlogUpdatesProps) {
  const { pinned, updates } = page
  const onPage = new Set(updates.map((update) => update._id))
  const pager = (page.newerHref || page.olderHref) && (
    <nav className="liveblog-pager" aria-label="Pages of updates">
      {page.newerHref && (
        <a href={page.newerHref} rel="prev">
          Newer updates
        </a>
      )}
      {page.olderHref && (
        <a href={page.olderHref} rel="next">
          Older updates
        </a>
      )}
    </nav>
  )
  return (
    <div className="liveblog-updates">
      {pinned && page.page === null && (
        <section className="liveblog-updates__pinned" aria-labelledby="liveblog-pinned-title">
          <h2 id="liveblog-pinned-title" className="liveblog-updates__pinned-title">
            Pinned
          </h2>
          <LiveUpdateCard
            update={pinned}
            now={now}
            blogTitle={blogTitle}
            shareUrl={shareUrl(pinned._id)}
            placement="pinned"
            permalink={onPage.has(pinned._id) ? `#${updateAnchor(pinned._id)}` : updateHref(pinned._id)}
          />
        </section>
      )}
      <section className="liveblog-updates__stream" aria-labelledby={latestUpdatesHeadingId}>
        {held && <NewUpdatesButton count={held.count} onShow={held.onShow} />}
        <h2 id={latestUpdatesHeadingId} className="liveblog-updates__title" tabIndex={-1}>
          {page.page === null ? 'Latest updates' : `Older updates, page ${page.page}`}
        </h2>
        {updates.length === 0 ? (
          <p className="liveblog-updates__empty">No updates yet.</p>
        ) : (
          updates.map((update) => (
            <LiveUpdateCard key={update._id} update={update} now={now} blogTitle={blogTitle} shareUrl={shareUrl(update._id)} arrived={arrived?.(update._id) ?? false} />
          ))
        )}
        {pager}
      </section>
    </div>
  )
}
