import { longDate } from '../../content/format/dates.ts'
import type { ImageRef } from '../../content/format/image.ts'
import { BylineAuthor } from '../authors/BylineAuthor.tsx'
import { AuthorAvatar } from './AuthorAvatar.tsx'
import './Byline.css'

export interface BylineProps {
  /** `slug` is where the author's page lives: the name links there. */
  author?: { name: string; slug?: string | null; image?: ImageRef | null } | null
  /** ISO date-time the article was published; left out when missing or unreadable. */
  publishedAt?: string | null
}

/** Who wrote the article and when: portrait (or icon), "By {name}" linking to their page or "Staff", and the long date. */
export function Byline({ author, publishedAt }: BylineProps) {
  const name = author?.name?.trim()
  const date = publishedAt ? new Date(publishedAt) : null
  const validDate = date && !Number.isNaN(date.getTime()) ? date : null
  return (
    <div className="byline">
      <AuthorAvatar image={name ? author?.image : null} />
      <div className="byline__text">
        <p className="byline__author">
          <BylineAuthor author={author} nameClassName="byline__name" />
        </p>
        {validDate && publishedAt && (
          <p className="byline__date">
            <time dateTime={publishedAt}>{longDate(validDate)}</time>
          </p>
        )}
      </div>
    </div>
  )
}
