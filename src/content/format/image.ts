// Image URLs (shared/images.ts) at the spec's sizes, with a srcset of widths around each size so
// phones download less and sharp screens get enough pixels. Pure: components may use it.

import { contentConfig, type ContentConfig, type ContentEnv } from '../../../shared/contentConfig.ts'
import { assetDimensions, imageAssetRef, renditionUrls } from '../../../shared/images.ts'

export interface ImageRef {
  asset?: { _ref?: string } | null
  alt?: string | null
  crop?: unknown
  hotspot?: unknown
}

export interface ImageSource {
  src: string
  srcSet: string
  width: number
  height: number
}

/** The configuration the built app was made with (no browser needed: images use relative URLs). */
function buildTimeContentConfig(): Omit<ContentConfig, 'apiHost'> {
  const { apiHost: _unused, ...rest } = contentConfig(import.meta.env as unknown as ContentEnv, '')
  return rest
}

const config = buildTimeContentConfig()
const rendition = renditionUrls({ projectId: config.projectId, dataset: config.dataset, baseUrl: config.imageBaseUrl })

/** The spec's image sizes: [width, height]; height 0 keeps the image's own proportions. */
export const imageSizes = {
  lead: [1200, 675],
  card: [600, 400],
  thumbnail: [200, 120],
  body: [800, 0],
  avatar: [40, 40],
  /** An author's picture at the head of their page. */
  portrait: [120, 120],
} as const

export type ImageSize = keyof typeof imageSizes

/** src, srcset and intrinsic size for an image at one of the spec's sizes, or null without an asset. */
export function imageSource(image: ImageRef | null | undefined, size: ImageSize): ImageSource | null {
  const ref = imageAssetRef(image)
  if (!ref) return null
  const [w, h] = imageSizes[size]
  const original = assetDimensions(ref)
  const height = h || (original ? Math.round((w * original[1]) / original[0]) : Math.round(w * 0.5625))
  const url = (width: number) => rendition(image, { width, height: h ? Math.round((width * h) / w) : undefined })!
  const widths = [...new Set([Math.round(w / 2), w, w * 2].filter((x) => x >= 40 && (!original || x <= original[0] || x === w)))].sort((a, b) => a - b)
  return {
    src: url(w),
    srcSet: widths.map((x) => `${url(x)} ${x}w`).join(', '),
    width: w,
    height,
  }
}

/**
 * One rendition cropped to exactly `width` x `height`, as a JPEG: what link previews and search
 * engines fetch. They may send no Accept header for `auto=format` to choose by, and some read only
 * JPEG and PNG. Null without an asset.
 */
export function imageRendition(image: ImageRef | null | undefined, width: number, height: number): string | null {
  return rendition(image, { width, height, format: 'jpg' })
}
