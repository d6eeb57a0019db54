import type { CardArticle } from '../../content/homepage/rules.ts'
import { readsLabel } from '../../content/listings/reads.ts'
import { StoryLink } from '../ui/StoryLink.tsx'
import './HomeSection.css'
import './TrendingList.css'

export interface TrendingListProps {
  articles: CardArticle[]
}

export function TrendingList({ articles }: TrendingListProps) {
  if (articles.length === 0) return null
  return (
    <section className="home-section trending" aria-labelledby="trending-title">
      <h2 id="trending-title" className="home-section__title">
        Trending
      </h2>
      <ol className="trending__list">
        {articles.map((a) => (
          <li key={a._id} className="trending__item">
            <StoryLink slug={a.slug} className="trending__headline">
              {a.title}
            </StoryLink>
            <span className="story-meta">{readsLabel(a.readCount)}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}
