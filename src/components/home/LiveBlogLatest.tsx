import type { CardArticle } from '../../content/homepage/rules.ts'
import { readableDate, updateClock } from '../../content/liveblog/format.ts'
import { updateHref } from '../../content/liveblog/pages.ts'
import { liveUpdateTitle } from '../../../shared/liveBlog.ts'
import { LiveBlogStatus } from '../liveblog/LiveBlogStatus.tsx'
import './LiveBlogLatest.css'

export interface LiveBlogLatestProps {
  article: Pick<CardArticle, 'title' | 'slug' | 'isLiveBlog' | 'liveBlogEndedAt' | 'liveUpdates'>
  now: Date
  /** `accent`: on the breaking banner's red, where the marks turn white. */
  tone?: 'plain' | 'accent'
}

/**
 * Under a live blog's headline in the breaking, lead or featured slot: the LIVE mark (or that it has
 * ended) and its newest updates, each with its London time, linking to the update on the blog.
 * Nothing for a story that is not a live blog.
 */
export function LiveBlogLatest({ article, now, tone = 'plain' }: LiveBlogLatestProps) {
  if (article.isLiveBlog !== true) return null
  const updates = (article.liveUpdates ?? []).filter((update) => update._id)
  return (
    <div className={tone === 'accent' ? 'live-latest live-latest--accent' : 'live-latest'}>
      <LiveBlogStatus endedAt={article.liveBlogEndedAt} />
      {updates.length > 0 && article.slug ? (
        <ol className="live-latest__list" aria-label={`Latest updates: ${article.title}`}>
          {updates.map((update) => {
            const posted = readableDate(update.publishedAt)
            return (
              <li key={update._id} className="live-latest__item">
                {posted ? (
                  <time className="live-latest__time" dateTime={update.publishedAt!}>
                    {updateClock(posted, now)}
                  </time>
                ) : null}
                <a className="live-latest__link" href={updateHref(`/article/${article.slug}`, update._id)}>
                  {liveUpdateTitle(update.headline, update.text) || 'Update'}
                </a>
              </li>
            )
          })}
        </ol>
      ) : null}
    </div>
  )
}
