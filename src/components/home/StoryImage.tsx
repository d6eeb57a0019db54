import { imageSource, type ImageRef, type ImageSize } from '../../content/format/image.ts'
import './StoryImage.css'

export interface StoryImageProps {
  image: ImageRef | null | undefined
  size: ImageSize
  /** CSS sizes for the srcset: how wide the image shows at each viewport. */
  sizes: string
  /** Above the fold: load at once, with high priority. */
  priority?: boolean
  /** Video stories carry a play mark over the picture. */
  video?: boolean
  className?: string
}

/** A story's picture at one of the spec's sizes, reserving its space so nothing shifts as it loads. */
export function StoryImage({ image, size, sizes, priority = false, video = false, className }: StoryImageProps) {
  const source = imageSource(image, size)
  if (!source) return null
  return (
    <span className={`story-image${video ? ' story-image--video' : ''}${className ? ` ${className}` : ''}`}>
      <img
        src={source.src}
        srcSet={source.srcSet}
        sizes={sizes}
        width={source.width}
        height={source.height}
        alt={image?.alt ?? ''}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
      {video ? (
        <span className="story-image__play" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </span>
      ) : null}
    </span>
  )
}
