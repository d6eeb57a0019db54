import type { ArticleData } from '../../content/article/article.ts'
import type { LiveBlogPage } from '../../content/liveblog/liveBlog.ts'
import { updateHref } from '../../content/liveblog/pages.ts'
import { absoluteUrl } from '../../content/meta/site.ts'
import { ArticleStory } from '../article/ArticleStory.tsx'
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
}

/** A live blog page as it reads without JavaScript: the article's head and its updates. */
export function LiveBlog({ article, page, now, origin }: LiveBlogProps) {
  const blogPath = `/article/${article.slug ?? ''}`
  return (
    <>
      <ArticleStory article={article} status={<LiveBlogStatus endedAt={article.liveBlogEndedAt} />} />
      <div className="liveblog">
        <LiveBlogKeyEvents events={page.keyEvents} now={now} />
        <LiveBlogUpdates
          page={page}
          now={now}
          blogTitle={article.title}
          shareUrl={(id) => absoluteUrl(origin, updateHref(blogPath, id))}
          updateHref={(id) => updateHref(blogPath, id)}
        />
      </div>
    </>
  )
}
