import { imageSource, type ImageRef } from '../../content/format/image.ts'
import './AuthorPortrait.css'

export interface AuthorPortraitProps {
  /** The author's picture; without one nothing is shown, and the page's heading stands alone. */
  image?: ImageRef | null
}

// 120px wide from a phone's width up, 80px below it (AuthorPortrait.css).
const sizes = '(min-width: 40rem) 120px, 80px'

/**
 * The author's picture at the head of their page. It is decorative (alt ""), like the byline's
 * portrait: the author's name is the heading right beside it, so a description would only repeat it.
 */
export function AuthorPortrait({ image }: AuthorPortraitProps) {
  const source = imageSource(image, 'portrait')
  if (!source) return null
  return (
    <img
      className="author-portrait"
      src={source.src}
      srcSet={source.srcSet}
      sizes={sizes}
      width={source.width}
      height={source.height}
      alt=""
      // At the top of the page: wanted at once.
      loading="eager"
      decoding="async"
    />
  )
}
