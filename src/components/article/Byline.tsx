import { longDate, longDateTime } from '../../content/format/dates.ts'
import type { ImageRef } from '../../content/format/image.ts'
import { BylineAuthor } from '../authors/BylineAuthor.tsx'
import { AuthorAvatar } from './AuthorAvatar.tsx'
import './Byline.css'

export interface BylineProps {
  /** `slug` is where the author's page lives: the name links there. */
  author?: { name: string; slug?: string | null; image?: ImageRef | null } | null
  /** ISO date-time the article was published; left out when missing or unreadable. */
  publishedAt?: string | null
  /** ISO date-time the live story last changed (shared/publication.ts); said only when after publishing. */
  updatedAt?: string | null
}

function readable(value: string | null | undefined): Date | null {
  const date = value ? new Date(value) : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}

/**
 * Who wrote the article and when: portrait (or icon), "By {name}" linking to their page or "Staff",
 * the long date, and "Updated {time}" on London's clock once the live story has changed.
 */
export function Byline({ author, publishedAt, updatedAt }: BylineProps) {
  const published = readable(publishedAt)
  const updated = readable(updatedAt)
  const showUpdated = updated && updatedAt && (!published || updated.getTime() > published.getTime())
  return (
    <div className="byline">
      <AuthorAvatar image={author?.name?.trim() ? author?.image : null} />
      <div className="byline__text">
        <p className="byline__author">
          <BylineAuthor author={author} nameClassName="byline__name" />
        </p>
        {published && publishedAt && (
          <p className="byline__date">
            <time dateTime={publishedAt}>{longDate(published)}</time>
          </p>
        )}
        {showUpdated && (
          <p className="byline__date byline__updated">
            Updated <time dateTime={updatedAt}>{longDateTime(updated)}</time>
          </p>
        )}
      </div>
    </div>
  )
}
