import type { ListingArticle } from '../../content/listings/listings.ts'
import { firstCategoryName, groupByMonth } from '../../content/listings/listings.ts'
import { RelativeTime } from '../ui/RelativeTime.tsx'
import { BylineAuthor } from '../authors/BylineAuthor.tsx'
import { StoryLink } from '../ui/StoryLink.tsx'
import './ListingArchive.css'

export interface ListingArchiveProps {
  /** One page of the archive, newest first. */
  articles: ListingArticle[]
  now: Date
}

/** The archive's page of articles as a compact list under month headings ("November 2026"). */
export function ListingArchive({ articles, now }: ListingArchiveProps) {
  return (
    <div className="listing-archive">
      {groupByMonth(articles).map((month) => (
        <section key={month.key} className="listing-archive__month" aria-labelledby={`archive-${month.key}`}>
          <h2 id={`archive-${month.key}`} className="listing-archive__heading">
            {month.label}
          </h2>
          <ol className="listing-archive__list">
            {month.items.map((article) => {
              return (
                <li key={article._id} className="listing-archive__item">
                  <RelativeTime className="listing-archive__date" date={article.publishedAt} now={now} rule="card" />
                  <div>
                    <h3 className="listing-archive__title">
                      <StoryLink slug={article.slug}>{article.title}</StoryLink>
                    </h3>
                    <p className="listing-archive__meta">
                      <span className="listing-archive__category">{firstCategoryName(article)}</span>
                      {article.mediaType === 'video' ? <span>Video</span> : null}
                      <span>
                        <BylineAuthor author={article.author} />
                      </span>
                    </p>
                  </div>
                </li>
              )
            })}
          </ol>
        </section>
      ))}
    </div>
  )
}
