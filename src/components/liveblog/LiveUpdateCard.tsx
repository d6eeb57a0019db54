import type { LiveUpdateData } from '../../content/liveblog/liveBlog.ts'
import { readableDate, updateClock } from '../../content/liveblog/format.ts'
import { updateAnchor } from '../../content/liveblog/pages.ts'
import { RelativeTime } from '../ui/RelativeTime.tsx'
import { cleanText } from '../../../shared/text.ts'
import { bylineAuthor } from '../../content/article/byline.ts'
import { PortableTextBody } from '../article/PortableTextBody.tsx'
import './LiveUpdateCard.css'

export interface LiveUpdateCardProps {
  update: LiveUpdateData
  /** The reader's clock, for "5 minutes ago" and whether to name the day. */
  now: Date
  /** The update's address that finds it on whichever page holds it, absolute: what is shared. */
  shareUrl: string
  /** The blog's title, the subject of a shared update without a headline. */
  blogTitle: string
  /**
   * `update` (the stream, where the update's permalink fragment lives) or `pinned` (its copy above
   * the stream, linking to the update in the stream).
   */
  placement?: 'update' | 'pinned'
  /** Where the pinned copy's time links to: the update in the stream, on this page or another. */
  permalink?: string
  /** Came onto an open page after it was first shown: marked briefly (not with motion if the reader asked for less). */
  arrived?: boolean
}

/**
 * One update of a live blog: when (London time, and how long ago, linking to the update itself),
 * Key event, headline, body, byline, "Updated" once edited, and a link to share it by email.
 */
export function LiveUpdateCard({ update, now, shareUrl, blogTitle, placement = 'update', permalink, arrived = false }: LiveUpdateCardProps) {
  const anchor = updateAnchor(update._id)
  const id = placement === 'pinned' ? `pinned-${anchor}` : anchor
  const published = readableDate(update.publishedAt)
  const updated = readableDate(update.updatedAt)
  const edited = updated && published && updated.getTime() > published.getTime() ? updated : null
  const headline = cleanText(update.headline)
  const subject = headline !== '' ? `${headline}: ${blogTitle}` : blogTitle
  const share = `mailto:?${new URLSearchParams({ subject, body: shareUrl }).toString().replace(/\+/g, '%20')}`
  return (
    <article id={id} className={`live-update${update.isKeyEvent ? ' live-update--key' : ''}${arrived ? ' live-update--arrived' : ''}`} aria-labelledby={`${id}-label`}>
      <header className="live-update__header">
        <p className="live-update__when" id={headline === '' ? `${id}-label` : undefined}>
          {published && update.publishedAt ? (
            <a href={permalink ?? `#${anchor}`} className="live-update__time">
              <time dateTime={update.publishedAt}>{updateClock(published, now)}</time>
            </a>
          ) : null}{' '}
          <RelativeTime className="live-update__ago" date={update.publishedAt} now={now} />
        </p>
        {update.isKeyEvent && <p className="live-update__tag">Key event</p>}
        {headline !== '' && (
          <h3 className="live-update__headline" id={`${id}-label`}>
            {headline}
          </h3>
        )}
      </header>
      <div className="live-update__body">
        <PortableTextBody value={update.body} />
      </div>
      <footer className="live-update__footer">
        <p className="live-update__byline">
          <UpdateByline author={update.author} />
        </p>
        {edited && update.updatedAt && (
          <p className="live-update__updated">
            Updated <time dateTime={update.updatedAt}>{updateClock(edited, now)}</time>
          </p>
        )}
        <p className="live-update__share">
          <a href={share}>
            Share by email<span className="visually-hidden">: {headline !== '' ? headline : `the update at ${published ? updateClock(published, now) : 'this time'}`}</span>
          </a>
        </p>
      </footer>
    </article>
  )
}

/**
 * 'By {name}' linking to the author's page, or 'Staff' (bylineAuthor's rule), as a plain link: an
 * update is also drawn by the live blog's island, which has no router.
 */
function UpdateByline({ author }: { author: LiveUpdateData['author'] }) {
  const byline = bylineAuthor(author)
  if (!byline) return <span>Staff</span>
  return (
    <>
      By {byline.slug ? <a href={`/author/${byline.slug}`}>{byline.name}</a> : byline.name}
    </>
  )
}
