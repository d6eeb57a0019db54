// Image rendition addresses, for the app's pictures and the service's feeds alike: an image's asset
// reference becomes /images/{project}/{dataset}/{file}?rect=...&w=&h=&q=&fit=&auto= on the embedded
// service (or the same path on Sanity's CDN for a hosted project), built by @sanity/image-url so
// the editor's crop and hotspot are honoured. One rule, so what a feed links is a rendition the
// service already makes for the pages.

import { createImageUrlBuilder } from '@sanity/image-url'

export interface ImageLike {
  asset?: { _ref?: unknown } | null
  crop?: unknown
  hotspot?: unknown
}

export interface ImageHost {
  projectId: string
  dataset: string
  /** Where renditions are served: '' for this origin (relative URLs), else an absolute base. */
  baseUrl: string
}

export interface Rendition {
  width: number
  /** With a height the rendition is cropped to exactly width × height; without, it keeps the image's proportions. */
  height?: number
  /** A fixed format, for clients that cannot choose (feed readers, link previews); otherwise the best the browser accepts. */
  format?: 'jpg'
}

/** Quality of every rendition: the pages' and the feeds' alike. */
export const renditionQuality = 75

const assetRef = /^image-[a-f0-9]+-\d+x\d+-[a-z0-9]+$/i

/** The image's asset reference when it names an uploaded image, else null. */
export function imageAssetRef(image: unknown): string | null {
  const ref = (image as ImageLike | null | undefined)?.asset?._ref
  return typeof ref === 'string' && assetRef.test(ref) ? ref : null
}

/** The original's width and height, which an image's asset reference spells out (`-1600x900-`). */
export function assetDimensions(ref: string): [number, number] | null {
  const m = /-(\d+)x(\d+)-[a-z0-9]+$/.exec(ref)
  return m ? [Number(m[1]), Number(m[2])] : null
}

/** A function giving the URL of one rendition of an image on `host`, or null when it has no usable asset. */
export function renditionUrls(host: ImageHost): (image: unknown, rendition: Rendition) => string | null {
  // With no base URL the builder writes https://cdn.sanity.io; the embedded service serves images
  // on the page's own origin instead.
  const builder = createImageUrlBuilder({ projectId: host.projectId, dataset: host.dataset, baseUrl: host.baseUrl || undefined })
  return (image, { width, height, format }) => {
    if (!imageAssetRef(image)) return null
    let b = builder.image(image as Parameters<typeof builder.image>[0]).width(width).quality(renditionQuality)
    if (height) b = b.height(height).fit('crop')
    b = format ? b.format(format) : b.auto('format')
    const url = b.url()
    return host.baseUrl === '' ? url.replace(/^https:\/\/cdn\.sanity\.io/, '') : url
  }
}
