import type { ListingArticle } from '../../content/listings/listings.ts'
import { ArticleCard } from './ArticleCard.tsx'
import './ListingGrid.css'

export interface ListingGridProps {
  articles: ListingArticle[]
  now: Date
  /** A ranked list (trending): numbered, with read counts. */
  ranked?: boolean
  /** How many cards are in the first row on a wide screen; their images load at once, the first one's first of all. */
  firstRow?: number
}

/** A listing's articles as a grid of cards, three across on a wide screen. */
export function ListingGrid({ articles, now, ranked = false, firstRow = 3 }: ListingGridProps) {
  const items = articles.map((article, index) => (
    <li key={article._id} className="listing-grid__item">
      <ArticleCard article={article} now={now} eager={index < firstRow} priority={index === 0} rank={ranked ? index + 1 : undefined} showReads={ranked} />
    </li>
  ))
  return ranked ? <ol className="listing-grid listing-grid--ranked">{items}</ol> : <ul className="listing-grid">{items}</ul>
}
