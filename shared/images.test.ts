import { createImageUrlBuilder } from '@sanity/image-url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assetDimensions, imageAssetRef, renditionQuality, renditionUrls, type ImageHost, type Rendition } from './images.ts'

const asset = 'image-54c77fed7a8265af421d311b368ef6f413ada44e-1600x900-jpg'
const image = { _type: 'image', asset: { _ref: asset } }
const file = '/images/resonance/production/54c77fed7a8265af421d311b368ef6f413ada44e-1600x900.jpg'

describe('renditionUrls', () => {
  const here = renditionUrls({ projectId: 'resonance', dataset: 'production', baseUrl: '' })

  it("writes a relative address on the service's own origin, cropped to the box in the best format", () => {
    expect(here(image, { width: 600, height: 400 })).toBe(`${file}?rect=125,0,1350,900&w=600&h=400&q=75&fit=crop&auto=format`)
  })

  it("keeps the image's proportions without a height", () => {
    expect(here(image, { width: 800 })).toBe(`${file}?w=800&q=75&auto=format`)
  })

  it('writes a fixed JPEG for clients that cannot choose', () => {
    expect(here(image, { width: 1200, height: 675, format: 'jpg' })).toBe(`${file}?w=1200&h=675&fm=jpg&q=75&fit=crop`)
  })

  it("honours the editor's crop", () => {
    const cropped = { ...image, crop: { top: 0.1, bottom: 0.1, left: 0, right: 0 }, hotspot: { x: 0.5, y: 0.5, width: 1, height: 1 } }
    expect(here(cropped, { width: 800, height: 450 })).toMatch(/^\/images\/resonance\/production\/[^?]+\?rect=\d+,90,\d+,720&w=800&h=450&q=75&fit=crop&auto=format$/)
  })

  it('writes an absolute address on another base: the site for feeds, the CDN for a hosted project', () => {
    const site = renditionUrls({ projectId: 'resonance', dataset: 'production', baseUrl: 'https://news.example' })
    expect(site(image, { width: 1200, height: 675, format: 'jpg' })).toBe(`https://news.example${file}?w=1200&h=675&fm=jpg&q=75&fit=crop`)
    const cdn = renditionUrls({ projectId: 'abc123', dataset: 'live', baseUrl: 'https://cdn.sanity.io' })
    expect(cdn(image, { width: 600 })).toBe('https://cdn.sanity.io/images/abc123/live/54c77fed7a8265af421d311b368ef6f413ada44e-1600x900.jpg?w=600&q=75&auto=format')
  })

  it('gives nothing for a missing or malformed asset', () => {
    expect(here(null, { width: 600 })).toBeNull()
    expect(here({ asset: null }, { width: 600 })).toBeNull()
    expect(here({ asset: { _ref: 'not-an-image' } }, { width: 600 })).toBeNull()
    expect(here({ asset: { _ref: 42 } }, { width: 600 })).toBeNull()
  })
})

describe('imageAssetRef and assetDimensions', () => {
  it("read an uploaded image's reference and its original size", () => {
    expect(imageAssetRef(image)).toBe(asset)
    expect(imageAssetRef({ asset: { _ref: 'file-abc-pdf' } })).toBeNull()
    expect(assetDimensions(asset)).toEqual([1600, 900])
  })
})

/**
 * The address @sanity/image-url writes for the same rendition: the builder the app used before it
 * wrote its own (shared/images.ts). The image CDN reads these parameters, and a hosted project's
 * pictures are on Sanity's CDN, so the two must give one address for one rendition.
 */
function libraryUrl(host: ImageHost, image: unknown, { width, height, format }: Rendition): string {
  const builder = createImageUrlBuilder({ projectId: host.projectId, dataset: host.dataset, baseUrl: host.baseUrl || undefined })
  let b = builder.image(image as Parameters<typeof builder.image>[0]).width(width).quality(renditionQuality)
  if (height) b = b.height(height).fit('crop')
  b = format ? b.format(format) : b.auto('format')
  const url = b.url()
  return host.baseUrl === '' ? url.replace(/^https:\/\/cdn\.sanity\.io/, '') : url
}

describe('renditionUrls against @sanity/image-url', () => {
  const fraction = fc.double({ min: 0, max: 1, noNaN: true })
  // An editor's crop leaves some of the picture: what is cut from opposite sides adds up to less than all of it.
  const crop = fc
    .tuple(fraction, fraction, fc.double({ min: 0.01, max: 1, noNaN: true }), fc.double({ min: 0.01, max: 1, noNaN: true }))
    .map(([left, top, keepWidth, keepHeight]) => ({
      _type: 'sanity.imageCrop',
      left: left * (1 - keepWidth),
      right: (1 - left) * (1 - keepWidth),
      top: top * (1 - keepHeight),
      bottom: (1 - top) * (1 - keepHeight),
    }))
  const hotspot = fc.record({ _type: fc.constant('sanity.imageHotspot'), x: fraction, y: fraction, width: fraction, height: fraction })
  const image = fc.record(
    {
      _type: fc.constant('image'),
      asset: fc
        .tuple(fc.stringMatching(/^[a-f0-9]{40}$/), fc.integer({ min: 1, max: 8000 }), fc.integer({ min: 1, max: 8000 }), fc.constantFrom('jpg', 'png', 'webp', 'gif'))
        .map(([id, w, h, ext]) => ({ _type: 'reference', _ref: `image-${id}-${w}x${h}-${ext}` })),
      crop,
      hotspot,
      alt: fc.string(),
    },
    { requiredKeys: ['_type', 'asset'] },
  )
  const rendition = fc.record(
    { width: fc.integer({ min: 1, max: 4000 }), height: fc.integer({ min: 1, max: 4000 }), format: fc.constant('jpg' as const) },
    { requiredKeys: ['width'] },
  )
  const host = fc.record({
    projectId: fc.stringMatching(/^[a-z0-9]{1,12}$/),
    dataset: fc.stringMatching(/^[a-z0-9_-]{1,20}$/),
    baseUrl: fc.constantFrom('', 'https://news.example', 'https://news.example/', 'https://cdn.sanity.io', 'http://127.0.0.1:3000'),
  })

  it('gives the same address for any image, crop, hotspot, size and host', () => {
    fc.assert(
      fc.property(host, image, rendition, (h, img, r) => {
        expect(renditionUrls(h)(img, r)).toBe(libraryUrl(h, img, r))
      }),
      { numRuns: 5000 },
    )
  })

  it('gives the same address at the spec\'s sizes for the crops editors make most: none, a band, a corner', () => {
    const here = renditionUrls({ projectId: 'resonance', dataset: 'production', baseUrl: '' })
    const host = { projectId: 'resonance', dataset: 'production', baseUrl: '' }
    const crops = [undefined, { left: 0, right: 0, top: 0.2, bottom: 0.1 }, { left: 0.5, right: 0, top: 0, bottom: 0.5 }]
    const hotspots = [undefined, { x: 0.9, y: 0.1, width: 0.2, height: 0.2 }, { x: 0.5, y: 0.5, width: 1, height: 1 }]
    const sizes: Rendition[] = [{ width: 1200, height: 675 }, { width: 600, height: 400 }, { width: 200, height: 120 }, { width: 800 }, { width: 40, height: 40 }, { width: 1200, height: 630, format: 'jpg' }]
    for (const ref of ['image-54c77fed7a8265af421d311b368ef6f413ada44e-1600x900-jpg', 'image-0a1b2c-900x1600-png', 'image-ffff-1200x675-webp']) {
      for (const c of crops) {
        for (const s of hotspots) {
          for (const size of sizes) {
            const img = { _type: 'image', asset: { _ref: ref }, crop: c, hotspot: s }
            expect(here(img, size)).toBe(libraryUrl(host, img, size))
          }
        }
      }
    }
  })
})
