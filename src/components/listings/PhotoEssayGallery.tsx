import { Link } from '@tanstack/react-router'
import type { PhotoEssay } from '../../content/listings/listings.ts'
import { creditLine } from '../../content/article/credit.ts'
import { longDate } from '../../content/format/dates.ts'
import { imageSource } from '../../content/format/image.ts'
import { photographCount } from '../../content/listings/listings.ts'
import { categoryPath } from '../../../shared/paths.ts'
import './PhotoEssayGallery.css'

export interface PhotoEssayGalleryProps {
  essay: PhotoEssay
}

// The body size is 800 wide; the page column is narrower on a phone.
const sizes = '(min-width: 52rem) 800px, 100vw'

/** A photo essay's own page: its title and description, then every photograph with its caption. */
export function PhotoEssayGallery({ essay }: PhotoEssayGalleryProps) {
  const images = (essay.images ?? []).flatMap((image) => {
    const source = imageSource(image, 'body')
    return source ? [{ image, source }] : []
  })
  const published = essay.publishedAt ? new Date(essay.publishedAt) : null
  const categories = (essay.categories ?? []).filter((c) => c && c.title)
  return (
    <article className="photo-essay">
      <header className="photo-essay__header">
        <p className="photo-essay__kicker">
          <Link to="/photo-essays">Photo essays</Link>
          {categories.map((c) =>
            c.slug ? (
              <Link key={c.slug} to={categoryPath(c.slug, c.kind)}>
                {c.title}
              </Link>
            ) : (
              <span key={c.title}>{c.title}</span>
            ),
          )}
        </p>
        <h1 className="photo-essay__title">{essay.title}</h1>
        {essay.description ? <p className="photo-essay__description">{essay.description}</p> : null}
        <p className="photo-essay__meta">
          {essay.photographer?.name ? <span>Photographs by {essay.photographer.name}</span> : null}
          {published && !Number.isNaN(published.getTime()) ? <time dateTime={published.toISOString()}>{longDate(published)}</time> : null}
          <span>{photographCount(essay.imageCount)}</span>
        </p>
      </header>
      {images.length === 0 ? (
        <p className="photo-essay__empty">The photographs for this essay are not online yet.</p>
      ) : (
        <ol className="photo-essay__images">
          {images.map(({ image, source }, index) => {
            const credit = creditLine(image)
            return (
              <li key={image._key ?? index}>
                <figure className="photo-essay__figure">
                  <img
                    src={source.src}
                    srcSet={source.srcSet}
                    sizes={sizes}
                    width={source.width}
                    height={source.height}
                    alt={image.alt ?? ''}
                    // Only the first photograph is above the fold (the page's largest paint, so asked for
                    // first of all); the rest load as the reader scrolls.
                    loading={index === 0 ? 'eager' : 'lazy'}
                    decoding="async"
                    {...(index === 0 ? { fetchPriority: 'high' as const } : {})}
                  />
                  <figcaption>
                    {image.caption || credit ? (
                      <span className="photo-essay__words">
                        {image.caption ? <span className="photo-essay__caption">{image.caption}</span> : null}
                        {credit ? <span className="photo-essay__credit">{credit}</span> : null}
                      </span>
                    ) : null}
                    <span className="photo-essay__position">
                      {index + 1} of {essay.imageCount}
                    </span>
                  </figcaption>
                </figure>
              </li>
            )
          })}
        </ol>
      )}
      {images.length > 0 && essay.imageCount > images.length ? (
        <p className="photo-essay__more">
          Showing the first {images.length} of {essay.imageCount} photographs.
        </p>
      ) : null}
      <p className="photo-essay__back">
        <Link to="/photo-essays">More photo essays</Link>
      </p>
    </article>
  )
}
