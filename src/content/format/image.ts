// Image URLs from @sanity/image-url at the spec's sizes, with a srcset of widths around each size so
// phones download less and sharp screens get enough pixels. Pure: components may use it.

import { createImageUrlBuilder } from '@sanity/image-url'
import { contentConfig, type ContentConfig, type ContentEnv } from '../../../shared/contentConfig.ts'

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
const builder = createImageUrlBuilder({ projectId: config.projectId, dataset: config.dataset, baseUrl: config.imageBaseUrl || undefined })

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

function dimensionsOf(ref: string): [number, number] | null {
  const m = /-(\d+)x(\d+)-[a-z0-9]+$/.exec(ref)
  return m ? [Number(m[1]), Number(m[2])] : null
}

function relative(url: string): string {
  // With no base URL the builder writes https://cdn.sanity.io; the embedded service serves images
  // on the page's own origin instead.
  return config.imageBaseUrl === '' ? url.replace(/^https:\/\/cdn\.sanity\.io/, '') : url
}

const assetRef = /^image-[a-f0-9]+-\d+x\d+-[a-z0-9]+$/i

/** src, srcset and intrinsic size for an image at one of the spec's sizes, or null without an asset. */
export function imageSource(image: ImageRef | null | undefined, size: ImageSize): ImageSource | null {
  const ref = image?.asset?._ref
  if (!image || !ref || !assetRef.test(ref)) return null
  const [w, h] = imageSizes[size]
  const original = dimensionsOf(ref)
  const height = h || (original ? Math.round((w * original[1]) / original[0]) : Math.round(w * 0.5625))
  const url = (width: number) => {
    let b = builder.image(image as Parameters<typeof builder.image>[0]).width(width).auto('format').quality(75)
    if (h) b = b.height(Math.round((width * h) / w)).fit('crop')
    return relative(b.url())
  }
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
  const ref = image?.asset?._ref
  if (!image || !ref || !assetRef.test(ref)) return null
  return relative(builder.image(image as Parameters<typeof builder.image>[0]).width(width).height(height).fit('crop').format('jpg').quality(75).url())
}
