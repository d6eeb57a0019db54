import type { ReactNode } from 'react'
import type { ArticleData } from '../../content/article/article.ts'
import type { LiveBlogPage } from '../../content/liveblog/liveBlog.ts'
import { updateHref } from '../../content/liveblog/pages.ts'
import { absoluteUrl } from '../../content/meta/site.ts'
import { ArticleStory } from '../article/ArticleStory.tsx'
import { ConnectionStatus, type ConnectionState } from '../home/ConnectionStatus.tsx'
import { LiveBlogAnnouncer } from './LiveBlogAnnouncer.tsx'
import { LiveBlogKeyEvents } from './LiveBlogKeyEvents.tsx'
import { LiveBlogStatus } from './LiveBlogStatus.tsx'
import { LiveBlogUpdates } from './LiveBlogUpdates.tsx'
import './LiveBlog.css'

export interface LiveBlogProps {
  article: ArticleData
  page: LiveBlogPage
  now: Date
  /** The site's origin, for the absolute addresses an update is shared by. */
  origin: string
  /** What stands above the headline in place of the LIVE mark or ended notice (an open page's own). */
  status?: ReactNode
  /** What stands in place of the updates (an open page's live ones). */
  updates?: ReactNode
}

/**
 * A live blog page as it reads without JavaScript: the article's head with the LIVE mark or the
 * ended notice, then the key events and the updates. An open first page puts its live parts in
 * `status` and `updates`.
 */
export function LiveBlog({ article, page, now, origin, status, updates }: LiveBlogProps) {
  return (
    <>
      <ArticleStory article={article} status={status ?? <LiveBlogStatus endedAt={article.liveBlogEndedAt} />} />
      {updates ?? <LiveBlogBody title={article.title} slug={article.slug ?? ''} page={page} now={now} origin={origin} />}
    </>
  )
}

/** What a live first page shows beyond the server's: the machine's state, and the reader's ways to act on it. */
export interface LiveBlogLiveProps {
  /** How fresh the page is; null once the blog ended (nothing more will come). */
  connection: ConnectionState | null
  pollSeconds: number
  onRetry: () => void
  /** New updates held back from a reader further down the page. */
  held: number
  onShowNew: () => void
  /** What the polite live region says. */
  announcement: string
  /** Whether an update came onto the page after it opened (marked once). */
  arrived: (id: string) => boolean
}

export interface LiveBlogBodyProps {
  /** The blog's title and slug: the subject and address its updates are shared by. */
  title: string
  slug: string
  page: LiveBlogPage
  now: Date
  origin: string
  /** An open first page kept live (src/machines/liveBlogMachine.ts); absent as the server renders it. */
  live?: LiveBlogLiveProps
}

/** A live blog's key events and page of updates; on an open first page, also how fresh it is, new updates waiting, and the live region. */
export function LiveBlogBody({ title, slug, page, now, origin, live }: LiveBlogBodyProps) {
  const blogPath = `/article/${slug}`
  return (
    <div className="liveblog">
      {live && (
        <>
          {live.connection && <ConnectionStatus status={live.connection} pollSeconds={live.pollSeconds} onRetry={live.onRetry} />}
          <LiveBlogAnnouncer message={live.announcement} />
        </>
      )}
      <LiveBlogKeyEvents events={page.keyEvents} now={now} />
      <LiveBlogUpdates
        page={page}
        now={now}
        blogTitle={title}
        shareUrl={(id) => absoluteUrl(origin, updateHref(blogPath, id))}
        updateHref={(id) => updateHref(blogPath, id)}
        {...(live ? { held: { count: live.held, onShow: live.onShowNew }, arrived: live.arrived } : {})}
      />
    </div>
  )
}
