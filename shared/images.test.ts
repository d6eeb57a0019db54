import { describe, expect, it } from 'vitest'
import { assetDimensions, imageAssetRef, renditionUrls } from './images.ts'

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
