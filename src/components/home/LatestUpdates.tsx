import { categoryLabel } from '../../content/article/byline.ts'
import type { CardArticle } from '../../content/homepage/rules.ts'
import { RelativeTime } from '../ui/RelativeTime.tsx'
import { StoryLink } from '../ui/StoryLink.tsx'
import './HomeSection.css'
import './LatestUpdates.css'

export interface LatestUpdatesProps {
  articles: CardArticle[]
  /** The time "X ago" counts from. */
  now: Date
}

export function LatestUpdates({ articles, now }: LatestUpdatesProps) {
  if (articles.length === 0) return null
  return (
    <section className="home-section latest" aria-labelledby="latest-title">
      <h2 id="latest-title" className="home-section__title">
        Latest Updates
      </h2>
      <ul className="latest__list">
        {articles.map((a) => (
          <li key={a._id} className="latest__item">
            <StoryLink slug={a.slug} className="latest__headline">
              {a.title}
            </StoryLink>
            <span className="story-meta">
              <RelativeTime date={a.publishedAt} now={now} />
              <span>{categoryLabel(a.categories, 'News')}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
