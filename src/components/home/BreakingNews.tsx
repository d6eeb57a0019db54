import type { CardArticle } from '../../content/homepage/rules.ts'
import { StoryLink } from '../ui/StoryLink.tsx'
import { LiveBlogLatest } from './LiveBlogLatest.tsx'
import './BreakingNews.css'

export interface BreakingNewsProps {
  article: CardArticle
  /** For a live blog's update times ("14.05 GMT" today); the render's time. */
  now?: Date
}

/** The banner across the top of the homepage for the one breaking story. */
export function BreakingNews({ article, now = new Date() }: BreakingNewsProps) {
  return (
    <section className="breaking-news" aria-labelledby="breaking-news-title">
      <h2 id="breaking-news-title" className="breaking-news__label">
        Breaking News
      </h2>
      <StoryLink slug={article.slug} className="breaking-news__link">
        {article.title}
      </StoryLink>
      <LiveBlogLatest article={article} now={now} tone="accent" />
    </section>
  )
}
