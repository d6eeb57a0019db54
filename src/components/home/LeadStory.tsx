import { longDate } from '../../content/format/dates.ts'
import type { CardArticle } from '../../content/homepage/rules.ts'
import { cleanText } from '../../../shared/text.ts'
import { BylineAuthor } from '../authors/BylineAuthor.tsx'
import { LiveBlogLatest } from './LiveBlogLatest.tsx'
import { StoryImage } from './StoryImage.tsx'
import { StoryLink } from '../ui/StoryLink.tsx'
import './HomeSection.css'
import './LeadStory.css'

export interface LeadStoryProps {
  article: CardArticle
  /** For a live blog's update times ("14.05 GMT" today); the render's time. */
  now?: Date
}

export function LeadStory({ article, now = new Date() }: LeadStoryProps) {
  const video = article.mediaType === 'video'
  const excerpt = cleanText(article.excerpt)
  return (
    <section className="home-section lead-story" aria-labelledby="lead-story-title">
      <h2 id="lead-story-title" className="visually-hidden">
        Lead Story
      </h2>
      <article className="lead-story__body">
        <div className="lead-story__text">
          {video ? <span className="story-tag">Video Report</span> : null}
          <h3 className="lead-story__headline">
            <StoryLink slug={article.slug}>{article.title}</StoryLink>
          </h3>
          <p className="story-meta">
            <span>
              <BylineAuthor author={article.author} />
            </span>
            {article.publishedAt ? <time dateTime={article.publishedAt}>{longDate(new Date(article.publishedAt))}</time> : null}
          </p>
          {excerpt ? <p className="lead-story__excerpt">{excerpt}</p> : null}
          <LiveBlogLatest article={article} now={now} />
        </div>
        <StoryImage image={article.mainImage} size="lead" sizes="(min-width: 1152px) 700px, (min-width: 768px) 60vw, 100vw" priority video={video} className="lead-story__image" />
      </article>
    </section>
  )
}
