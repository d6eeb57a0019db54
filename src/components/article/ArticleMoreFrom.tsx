import { articlePath, type MoreFromArticle } from '../../content/article/article.ts'
import { longDate } from '../../content/format/dates.ts'
import { imageSource } from '../../content/format/image.ts'
import './ArticleMoreFrom.css'

export interface ArticleMoreFromProps {
  /** The category the list follows, with its listing's path when it has one. */
  category: { title: string; href: string | null }
  /** The other recent articles; null while they load. */
  articles: MoreFromArticle[] | null
}

function dateOf(iso: string | null): Date | null {
  const date = iso ? new Date(iso) : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}

/** "More from {category}": where a reader goes at the end of an article. */
export function ArticleMoreFrom({ category, articles }: ArticleMoreFromProps) {
  // Nothing else in the category: no heading over an empty list.
  if (articles !== null && articles.length === 0) return null
  const heading = `More from ${category.title}`
  return (
    <section className="more-from" aria-labelledby="more-from-title" aria-busy={articles === null}>
      <h2 id="more-from-title" className="more-from__title">
        {heading}
      </h2>
      {articles === null ? (
        <p className="more-from__loading">Loading more from {category.title}…</p>
      ) : (
        <ul className="more-from__list">
          {articles.map((article) => {
            const image = imageSource(article.mainImage, 'card')
            const date = dateOf(article.publishedAt)
            return (
              <li key={article._id} className="more-from__item">
                <a className="more-from__link" href={articlePath(article.slug)}>
                  {image ? (
                    // Decorative: the headline beside it names the link.
                    <img
                      src={image.src}
                      srcSet={image.srcSet}
                      sizes="(min-width: 60rem) 17rem, (min-width: 36rem) 45vw, 100vw"
                      width={image.width}
                      height={image.height}
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                  ) : (
                    <span className="more-from__placeholder" aria-hidden="true" />
                  )}
                  <span className="more-from__headline">{article.title}</span>
                </a>
                {date && article.publishedAt && (
                  <time className="more-from__date" dateTime={article.publishedAt}>
                    {longDate(date)}
                  </time>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {category.href && (
        <p className="more-from__all">
          <a href={category.href}>All {category.title} stories</a>
        </p>
      )}
    </section>
  )
}
