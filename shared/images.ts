// Image rendition addresses, for the app's pictures and the service's feeds alike: an image's asset
// reference becomes /images/{project}/{dataset}/{file}?rect=...&w=&h=&q=&fit=&auto= on the embedded
// service (or the same path on Sanity's CDN for a hosted project), with the editor's crop and
// hotspot honoured. One rule, so what a feed links is a rendition the service already makes for
// the pages.
//
// The addresses are the ones @sanity/image-url writes for the same options (its tests hold this
// module to it over random images, crops and hotspots), written here because every picture on the
// homepage's first render needs one: the library's whole builder was 2.6 KB of the reader's first
// download, for the handful of options the app uses (decision 018).

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

/** A rectangle of the original, in its pixels. */
interface Rect {
  left: number
  top: number
  width: number
  height: number
}

/**
 * The part of the original a rendition shows: the editor's crop (fractions cut from each side) and,
 * when the rendition has a fixed width and height, the largest box of that shape inside the crop,
 * centred on the hotspot as far as the crop allows. Arithmetic as @sanity/image-url's, rounding
 * included, so the service renders (and caches) one rendition for both.
 */
function visibleRect(original: [number, number], crop: unknown, hotspot: unknown, width: number, height: number | undefined): Rect {
  const [w, h] = original
  // Fractions as the document has them, read as JavaScript's arithmetic reads them (as the library
  // does); an image without a crop shows the whole original, one without a hotspot centres on it.
  const c = (key: 'left' | 'top' | 'right' | 'bottom') => (crop ? Number((crop as Record<string, unknown>)[key]) : 0)
  const s = (key: 'x' | 'y' | 'width' | 'height') => (hotspot ? Number((hotspot as Record<string, unknown>)[key]) : key === 'x' || key === 'y' ? 0.5 : 1)
  const left = Math.round(c('left') * w)
  const top = Math.round(c('top') * h)
  const cropped = { left, top, width: Math.round(w - c('right') * w - left), height: Math.round(h - c('bottom') * h - top) }
  if (!width || !height) return cropped

  const ratio = width / height
  if (cropped.width / cropped.height > ratio) {
    // Wider than the rendition: cut from the sides, around the hotspot's centre.
    const boxHeight = Math.round(cropped.height)
    const boxWidth = Math.round(boxHeight * ratio)
    const hotspotLeft = s('x') * w - (s('width') * w) / 2
    const hotspotRight = s('x') * w + (s('width') * w) / 2
    const centre = Math.round((hotspotRight - hotspotLeft) / 2 + hotspotLeft)
    let boxLeft = Math.max(0, Math.round(centre - boxWidth / 2))
    if (boxLeft < cropped.left) boxLeft = cropped.left
    else if (boxLeft + boxWidth > cropped.left + cropped.width) boxLeft = cropped.left + cropped.width - boxWidth
    return { left: boxLeft, top: Math.max(0, Math.round(cropped.top)), width: boxWidth, height: boxHeight }
  }
  // Taller than the rendition: cut from the top and bottom, around the hotspot's centre.
  const boxWidth = cropped.width
  const boxHeight = Math.round(boxWidth / ratio)
  const hotspotTop = s('y') * h - (s('height') * h) / 2
  const hotspotBottom = s('y') * h + (s('height') * h) / 2
  const centre = Math.round((hotspotBottom - hotspotTop) / 2 + hotspotTop)
  let boxTop = Math.max(0, Math.round(centre - boxHeight / 2))
  if (boxTop < cropped.top) boxTop = cropped.top
  else if (boxTop + boxHeight > cropped.top + cropped.height) boxTop = cropped.top + cropped.height - boxHeight
  return { left: Math.max(0, Math.round(cropped.left)), top: boxTop, width: boxWidth, height: boxHeight }
}

/** A function giving the URL of one rendition of an image on `host`, or null when it has no usable asset. */
export function renditionUrls(host: ImageHost): (image: unknown, rendition: Rendition) => string | null {
  // With no base URL the address is relative: the embedded service serves images on the page's own origin.
  const base = `${host.baseUrl.replace(/\/+$/, '')}/images/${host.projectId}/${host.dataset}/`
  return (image, { width, height, format }) => {
    const ref = imageAssetRef(image)
    if (!ref) return null
    // image-{id}-{width}x{height}-{format}, checked by imageAssetRef.
    const [, id, , extension] = ref.split('-') as [string, string, string, string]
    const original = assetDimensions(ref)!
    const { crop, hotspot } = image as ImageLike
    const rect = visibleRect(original, crop, hotspot, width, height)
    const params: string[] = []
    // A rectangle that is the whole original is left out: the same rendition, one address.
    if (rect.left !== 0 || rect.top !== 0 || rect.width !== original[0] || rect.height !== original[1]) {
      params.push(`rect=${rect.left},${rect.top},${rect.width},${rect.height}`)
    }
    params.push(`w=${width}`)
    if (height) params.push(`h=${height}`)
    if (format) params.push(`fm=${format}`)
    params.push(`q=${renditionQuality}`)
    if (height) params.push('fit=crop')
    if (!format) params.push('auto=format')
    return `${base}${id}-${original[0]}x${original[1]}.${extension}?${params.join('&')}`
  }
}
