import { Link } from '@tanstack/react-router'
import type { EssaySummary } from '../../content/listings/listings.ts'
import { photographCount } from '../../content/listings/listings.ts'
import { RelativeTime } from '../ui/RelativeTime.tsx'
import { imageSource } from '../../content/format/image.ts'
import './PhotoEssayList.css'

export interface PhotoEssayListProps {
  essays: EssaySummary[]
  now: Date
  /** How many essays are in the first row on a wide screen; their covers load at once. */
  firstRow?: number
}

const sizes = '(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 100vw'

/** Photo essays as cards: first image, title linking to the essay, description and image count. */
export function PhotoEssayList({ essays, now, firstRow = 3 }: PhotoEssayListProps) {
  return (
    <ul className="photo-essay-list">
      {essays.map((essay, index) => {
        const cover = imageSource(essay.cover, 'card')
        return (
          <li key={essay._id}>
            <article className="photo-essay-card">
              {cover ? (
                <img
                  className="photo-essay-card__image"
                  src={cover.src}
                  srcSet={cover.srcSet}
                  sizes={sizes}
                  width={cover.width}
                  height={cover.height}
                  alt={essay.cover?.alt ?? ''}
                  loading={index < firstRow ? 'eager' : 'lazy'}
                  decoding="async"
                  {...(index === 0 ? { fetchPriority: 'high' as const } : {})}
                />
              ) : null}
              <p className="photo-essay-card__count">{photographCount(essay.imageCount)}</p>
              <h2 className="photo-essay-card__title">
                <Link to="/photo-essays/$slug" params={{ slug: essay.slug }}>
                  {essay.title}
                </Link>
              </h2>
              {essay.description ? <p className="photo-essay-card__description">{essay.description}</p> : null}
              <p className="photo-essay-card__meta">
                {essay.photographer?.name ? <span>By {essay.photographer.name}</span> : null}
                <RelativeTime date={essay.publishedAt} now={now} rule="card" />
              </p>
            </article>
          </li>
        )
      })}
    </ul>
  )
}
