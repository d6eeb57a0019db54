import type { ListingArticle } from '../../content/listings/listings.ts'
import { firstCategoryName } from '../../content/listings/listings.ts'
import { RelativeTime } from '../ui/RelativeTime.tsx'
import { imageSource } from '../../content/format/image.ts'
import { readsLabel } from '../../content/listings/reads.ts'
import { cleanText } from '../../../shared/text.ts'
import { BylineAuthor } from '../authors/BylineAuthor.tsx'
import { StoryLink } from '../ui/StoryLink.tsx'
import './ArticleCard.css'

export interface ArticleCardProps {
  article: ListingArticle
  /** The reader's now, for "3 hours ago". */
  now: Date
  /** In the first row of a listing: load the image at once rather than when scrolled to. */
  eager?: boolean
  /** The listing's first picture, most likely the page's largest paint: asked for before any other. */
  priority?: boolean
  /** The card's place in a ranked list (trending); the list itself gives the order to screen readers. */
  rank?: number
  /** Show how many have read it ("1.2K reads"). */
  showReads?: boolean
}

// The card sits in a grid of up to three columns inside the 72rem page.
const sizes = '(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 100vw'

/** One article in a listing: image, category, title linking to the article, excerpt, byline and date. */
export function ArticleCard({ article, now, eager = false, priority = false, rank, showReads = false }: ArticleCardProps) {
  const image = imageSource(article.mainImage, 'card')
  const video = article.mediaType === 'video'
  const excerpt = cleanText(article.excerpt)
  const title = article.title || 'Untitled'
  return (
    <article className={image ? 'article-card' : 'article-card article-card--no-image'}>
      {image ? (
        <div className="article-card__media">
          <img
            className="article-card__image"
            src={image.src}
            srcSet={image.srcSet}
            sizes={sizes}
            width={image.width}
            height={image.height}
            alt={article.mainImage?.alt ?? ''}
            loading={eager || priority ? 'eager' : 'lazy'}
            decoding="async"
            {...(priority ? { fetchPriority: 'high' as const } : {})}
          />
          {video ? (
            <span className="article-card__play">
              <svg className="article-card__play-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M8 5v14l11-7z" />
              </svg>
              <span>Video</span>
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="article-card__body">
        <p className="article-card__kicker">
          {rank !== undefined ? (
            <span className="article-card__rank" aria-hidden="true">
              {rank}
            </span>
          ) : null}
          {video && !image ? <span className="article-card__tag">Video</span> : null}
          <span>{firstCategoryName(article)}</span>
        </p>
        <h2 className="article-card__title">
          <StoryLink slug={article.slug} className="article-card__link">
            {title}
          </StoryLink>
        </h2>
        {excerpt ? <p className="article-card__excerpt">{excerpt}</p> : null}
        <p className="article-card__meta">
          <span className="article-card__byline">
            <BylineAuthor author={article.author} />
          </span>
          {showReads ? <span className="article-card__reads">{readsLabel(article.readCount)}</span> : null}
          {/* Last on its line: when the words change as the page stays open, nothing after them moves. */}
          <RelativeTime date={article.publishedAt} now={now} rule="card" />
        </p>
      </div>
    </article>
  )
}
