import { imageSource, type ImageRef } from '../../content/format/image.ts'
import './AuthorAvatar.css'

export interface AuthorAvatarProps {
  /** The author's portrait; without one (or without an author) a neutral icon stands in. */
  image?: ImageRef | null
}

/**
 * The 40x40 portrait beside a byline. It is decorative (alt ""): the author's name is printed right
 * next to it, and "Portrait of Priya Raman, Priya Raman" would only make screen readers repeat it.
 */
export function AuthorAvatar({ image }: AuthorAvatarProps) {
  const source = imageSource(image, 'avatar')
  if (!source) {
    return (
      <svg className="author-avatar author-avatar--icon" width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="20" />
        <circle cx="20" cy="15" r="7" className="author-avatar__figure" />
        <path d="M7 34c2-7 7-10 13-10s11 3 13 10" className="author-avatar__figure" />
      </svg>
    )
  }
  return <img className="author-avatar" src={source.src} srcSet={source.srcSet} sizes="40px" width={source.width} height={source.height} alt="" loading="lazy" decoding="async" />
}
