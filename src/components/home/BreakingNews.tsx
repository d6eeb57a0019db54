import type { CardArticle } from '../../content/homepage/rules.ts'
import { StoryLink } from '../ui/StoryLink.tsx'
import './BreakingNews.css'

export interface BreakingNewsProps {
  article: CardArticle
}

/** The banner across the top of the homepage for the one breaking story. */
export function BreakingNews({ article }: BreakingNewsProps) {
  return (
    <section className="breaking-news" aria-labelledby="breaking-news-title">
      <h2 id="breaking-news-title" className="breaking-news__label">
        Breaking News
      </h2>
      <StoryLink slug={article.slug} className="breaking-news__link">
        {article.title}
      </StoryLink>
    </section>
  )
}
