// Asset uploads (docs content-api.md §5) through client.assets.upload, and the image CDN (§6)
// through @sanity/image-url URLs fetched over HTTP and measured with sharp.

import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, type SanityClient, type SanityImageAssetDocument } from '@sanity/client'
import { createImageUrlBuilder } from '@sanity/image-url'
import sharp from 'sharp'
import { startTestService, type TestService } from '../support/service.ts'
import { expectErrorBody, noisyPng, pixel, raw, rejection, solidJpeg, solidPng, twoBandPng } from './helpers.ts'

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex')

let service: TestService
let admin: SanityClient
let builder: ReturnType<typeof createImageUrlBuilder>

// The images, made once.
let png: Buffer // 640x480
let jpeg: Buffer // 300x200
let square: Buffer // 600x600, noisy
let bands: Buffer // 400x800, red over blue
let portrait: Buffer // 400x600
let pngDoc: SanityImageAssetDocument
let jpegDoc: SanityImageAssetDocument
let squareDoc: SanityImageAssetDocument
let bandsDoc: SanityImageAssetDocument
let portraitDoc: SanityImageAssetDocument

const renditionFiles = (dataDir: string): string[] => {
  try {
    return readdirSync(join(dataDir, 'renditions')).filter((f) => !f.endsWith('.tmp'))
  } catch {
    return []
  }
}

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers })
  const body = Buffer.from(await res.arrayBuffer())
  return { status: res.status, headers: res.headers, body }
}

async function measure(url: string, headers: Record<string, string> = {}) {
  const res = await fetchImage(url, headers)
  expect(res.status, `${url}: ${res.body.toString('utf8', 0, 200)}`).toBe(200)
  const meta = await sharp(res.body).metadata()
  return { ...res, width: meta.width, height: meta.height, format: meta.format }
}

beforeAll(async () => {
  service = await startTestService()
  admin = service.client({ token: await service.adminToken() })
  builder = createImageUrlBuilder({ projectId: service.config.projectId, dataset: service.config.dataset, baseUrl: service.url })
  ;[png, jpeg, square, bands, portrait] = await Promise.all([
    solidPng(640, 480),
    solidJpeg(300, 200),
    noisyPng(600, 600),
    twoBandPng(400, 800, '#ff0000', '#0000ff'),
    solidPng(400, 600, '#22aa22'),
  ])
  pngDoc = await admin.assets.upload('image', png, { filename: 'landscape.png' })
  jpegDoc = await admin.assets.upload('image', jpeg, { filename: 'photo.jpg' })
  squareDoc = await admin.assets.upload('image', square, { filename: 'square.png' })
  bandsDoc = await admin.assets.upload('image', bands, { filename: 'bands.png' })
  portraitDoc = await admin.assets.upload('image', portrait, { filename: 'portrait.png' })
})

afterAll(async () => {
  await service?.stop()
})

describe('uploads', () => {
  it('a PNG becomes a sanity.imageAsset with id image-<sha1>-<w>x<h>-png and a matching url', async () => {
    const hash = sha1(png)
    expect(pngDoc._type).toBe('sanity.imageAsset')
    expect(pngDoc._id).toBe(`image-${hash}-640x480-png`)
    expect(pngDoc.url.endsWith(`/${hash}-640x480.png`)).toBe(true)
    expect(pngDoc.url).toBe(`${service.url}/images/${service.config.projectId}/${service.config.dataset}/${hash}-640x480.png`)
    expect(pngDoc.path).toBe(`images/${service.config.projectId}/${service.config.dataset}/${hash}-640x480.png`)
    expect(pngDoc).toMatchObject({ assetId: hash, sha1hash: hash, extension: 'png', mimeType: 'image/png', size: png.length, originalFilename: 'landscape.png' })
    expect(pngDoc.metadata.dimensions).toMatchObject({ width: 640, height: 480 })
    expect(pngDoc.metadata.dimensions.aspectRatio).toBeCloseTo(640 / 480, 3)
    expect(typeof pngDoc._rev).toBe('string')
  })

  it('a JPEG gets the jpg extension in its id and url', async () => {
    const hash = sha1(jpeg)
    expect(jpegDoc._id).toBe(`image-${hash}-300x200-jpg`)
    expect(jpegDoc.url.endsWith(`/${hash}-300x200.jpg`)).toBe(true)
    expect(jpegDoc).toMatchObject({ extension: 'jpg', mimeType: 'image/jpeg' })
    expect(jpegDoc.metadata.dimensions).toMatchObject({ width: 300, height: 200 })
  })

  it('uploading the same bytes again returns the same asset document', async () => {
    const again = await admin.assets.upload('image', png, { filename: 'another-name.png' })
    expect(again._id).toBe(pngDoc._id)
    expect(again._rev).toBe(pngDoc._rev)
    expect(await admin.fetch('count(*[_type == "sanity.imageAsset" && sha1hash == $h])', { h: sha1(png) })).toBe(1)
  })

  it('a non-image upload is a 415 JSON error', async () => {
    const error = await rejection(admin.assets.upload('image', Buffer.from('this is plain text, not an image'), { filename: 'notes.png' }))
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(415)
    expect(error.response.headers['content-type']).toMatch(/^application\/json/)
    expect(typeof error.responseBody).toBe('string')
    expect(JSON.parse(error.responseBody)).toHaveProperty('error')
  })

  it('an upload without a token is a 403, and so is one with a viewer token', async () => {
    const anonymous = await rejection(service.client().assets.upload('image', await solidPng(10, 10, '#010203')))
    expect(anonymous).toBeInstanceOf(ClientError)
    expect(anonymous.statusCode).toBe(403)
    const viewer = service.client({ token: service.auth.createRobotToken('viewer', 'viewer', 600) })
    const refused = await rejection(viewer.assets.upload('image', await solidPng(10, 10, '#010204')))
    expect(refused.statusCode).toBe(403)
    expect(await admin.fetch('count(*[_type == "sanity.imageAsset" && metadata.dimensions.width == 10])')).toBe(0)
  })

  it('asset documents are queryable, and mainImage.asset->url resolves', async () => {
    const ids = await service.client().fetch('*[_type == "sanity.imageAsset"]._id')
    expect(ids).toEqual(expect.arrayContaining([pngDoc._id, jpegDoc._id, squareDoc._id]))
    await admin.createOrReplace({ _id: 'with-image', _type: 'post', mainImage: { _type: 'image', asset: { _type: 'reference', _ref: jpegDoc._id } } })
    const row = await service.client().fetch('*[_id == "with-image"][0]{"url": mainImage.asset->url, "w": mainImage.asset->metadata.dimensions.width}')
    expect(row).toEqual({ url: jpegDoc.url, w: 300 })
  })

  it('a file upload becomes a sanity.fileAsset served at its url', async () => {
    const bytes = Buffer.from('Resonance press release\n')
    const doc = await admin.assets.upload('file', bytes, { filename: 'release.txt' })
    expect(doc._type).toBe('sanity.fileAsset')
    expect(doc._id).toBe(`file-${sha1(bytes)}-txt`)
    expect(doc.url.endsWith(`/${sha1(bytes)}.txt`)).toBe(true)
    const res = await fetchImage(doc.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(res.body.equals(bytes)).toBe(true)
  })
})

describe('the image CDN', () => {
  it('serves the original bytes at the asset url with immutable caching', async () => {
    const res = await fetchImage(pngDoc.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.body.equals(png)).toBe(true)
    const cache = res.headers.get('cache-control') ?? ''
    expect(cache).toContain('immutable')
    expect(cache).toContain('max-age=31536000')
  })

  it('serves the same image under a vanity name', async () => {
    const res = await fetchImage(builder.image(jpegDoc._id).vanityName('nice-name.jpg').url())
    expect(res.status).toBe(200)
    expect(res.body.equals(jpeg)).toBe(true)
  })

  it('.width(400).height(300) of a square image gives exactly 400x300', async () => {
    const url = builder.image(squareDoc._id).width(400).height(300).url()
    expect(url.startsWith(`${service.url}/images/`)).toBe(true)
    const img = await measure(url)
    expect([img.width, img.height]).toEqual([400, 300])
    expect(img.format).toBe('png')
    const cache = img.headers.get('cache-control') ?? ''
    expect(cache).toContain('immutable')
    expect(cache).toContain('max-age=31536000')
  })

  it('.width(200).format("webp") gives a 200px-wide webp', async () => {
    const img = await measure(builder.image(pngDoc._id).width(200).format('webp').url())
    expect(img.headers.get('content-type')).toBe('image/webp')
    expect(img.format).toBe('webp')
    expect([img.width, img.height]).toEqual([200, 150])
  })

  it('.auto("format") answers webp to an Accept of image/webp, with Vary: Accept', async () => {
    const url = builder.image(pngDoc._id).width(320).auto('format').url()
    const webp = await measure(url, { accept: 'image/avif,image/webp,*/*' })
    expect(webp.headers.get('content-type')).toBe('image/webp')
    expect(webp.format).toBe('webp')
    expect(webp.headers.get('vary') ?? '').toMatch(/accept/i)
    const plain = await measure(url, { accept: 'image/png,*/*' })
    expect(plain.headers.get('content-type')).toBe('image/png')
    expect(plain.headers.get('vary') ?? '').toMatch(/accept/i)
    expect([plain.width, plain.height]).toEqual([320, 240])
  })

  it('a crop/hotspot image field yields a rect= and a rendition of the asked size', async () => {
    const field = {
      _type: 'image',
      asset: { _type: 'reference', _ref: portraitDoc._id },
      crop: { _type: 'sanity.imageCrop', top: 0.1, bottom: 0.1, left: 0, right: 0 },
      hotspot: { _type: 'sanity.imageHotspot', x: 0.5, y: 0.3, width: 0.3, height: 0.3 },
    }
    const fixed = builder.image(field).width(200).height(150).url()
    expect(new URL(fixed).searchParams.get('rect')).toBe('0,60,400,300')
    const a = await measure(fixed)
    expect([a.width, a.height]).toEqual([200, 150])

    const cropOnly = builder.image(field).width(100).url()
    expect(new URL(cropOnly).searchParams.get('rect')).toBe('0,60,400,480')
    const b = await measure(cropOnly)
    expect([b.width, b.height]).toEqual([100, 120])
  })

  it('.fit("crop").crop("top") keeps the top of the image; crop("bottom") the bottom', async () => {
    const top = await measure(builder.image(bandsDoc._id).width(200).height(200).fit('crop').crop('top').url())
    expect([top.width, top.height]).toEqual([200, 200])
    const [r1, , b1] = await pixel(top.body, 100, 190)
    expect(r1).toBeGreaterThan(200)
    expect(b1).toBeLessThan(60)
    const bottom = await measure(builder.image(bandsDoc._id).width(200).height(200).fit('crop').crop('bottom').url())
    const [r2, , b2] = await pixel(bottom.body, 100, 10)
    expect(b2).toBeGreaterThan(200)
    expect(r2).toBeLessThan(60)
  })

  it('.dpr(2) doubles the size', async () => {
    const one = await measure(builder.image(pngDoc._id).width(150).url())
    const two = await measure(builder.image(pngDoc._id).width(150).dpr(2).url())
    expect([one.width, one.height]).toEqual([150, 113])
    expect([two.width, two.height]).toEqual([300, 225])
  })

  it('honours rect, h alone, fit=max (never upscales), fit=fill (pads to the box) and dl (download)', async () => {
    const base = pngDoc.url
    const rect = await measure(`${base}?rect=0,0,320,240&w=100`)
    expect([rect.width, rect.height]).toEqual([100, 75])
    const h = await measure(`${base}?h=100`)
    expect([h.width, h.height]).toEqual([133, 100])
    const max = await measure(`${base}?fit=max&w=2000`)
    expect([max.width, max.height]).toEqual([640, 480])
    const fill = await measure(`${base}?fit=fill&bg=ff0000&w=400&h=400`)
    expect([fill.width, fill.height]).toEqual([400, 400])
    const [r, g, b] = await pixel(fill.body, 200, 5)
    expect([r > 200, g < 60, b < 60]).toEqual([true, true, true])
    const dl = await fetchImage(builder.image(pngDoc._id).forceDownload('landscape.png').url())
    expect(dl.status).toBe(200)
    expect(dl.headers.get('content-disposition') ?? '').toMatch(/^attachment; filename="landscape\.png"/)
  })

  it('keeps renditions on disk and serves a repeat request from there (same bytes and ETag, If-None-Match → 304)', async () => {
    const url = builder.image(squareDoc._id).width(123).url()
    const before = renditionFiles(service.dataDir)
    const first = await measure(url)
    const after = renditionFiles(service.dataDir)
    const added = after.filter((f) => !before.includes(f))
    expect(added).toHaveLength(1)
    expect(readFileSync(join(service.dataDir, 'renditions', added[0]!)).equals(first.body)).toBe(true)

    const second = await measure(url)
    expect(second.body.equals(first.body)).toBe(true)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(renditionFiles(service.dataDir)).toHaveLength(after.length)

    const etag = first.headers.get('etag')!
    const conditional = await fetch(url, { headers: { 'if-none-match': etag } })
    expect(conditional.status).toBe(304)
  })

  it('bad parameters are a 400 JSON error', async () => {
    const base = pngDoc.url
    for (const qs of ['w=abc', 'h=-5', 'w=0', 'fit=sideways', 'crop=middle', 'rect=1,2', 'fm=bmp', 'bg=notacolour']) {
      const res = await raw(`${base}?${qs}`)
      expectErrorBody(res, 400)
    }
  })

  it('an unknown image is a 404 JSON error', async () => {
    const missing = `${service.url}/images/${service.config.projectId}/${service.config.dataset}/${randomBytes(20).toString('hex')}-10x10.png`
    expectErrorBody(await raw(missing), 404)
    expectErrorBody(await raw(`${service.url}/images/${service.config.projectId}/${service.config.dataset}/not-an-image-name.png`), 404)
    expectErrorBody(await raw(pngDoc.url.replace(`/images/${service.config.projectId}/`, '/images/other-project/')), 404)
    expectErrorBody(await raw(pngDoc.url.replace(`/${service.config.dataset}/`, '/no-such-dataset/')), 404)
  })
})

describe('the rendition cache is bounded (IMAGE_CACHE_MB)', () => {
  it('with IMAGE_CACHE_MB=0 keeps (at most one) rendition and still serves correct images', async () => {
    const s = await startTestService({ IMAGE_CACHE_MB: '0' })
    try {
      const client = s.client({ token: await s.adminToken() })
      const doc = await client.assets.upload('image', square)
      const b = createImageUrlBuilder({ projectId: s.config.projectId, dataset: s.config.dataset, baseUrl: s.url })
      for (const width of [100, 150, 200, 250]) {
        const img = await measure(b.image(doc._id).width(width).url())
        expect(img.width).toBe(width)
        expect(renditionFiles(s.dataDir).length).toBeLessThanOrEqual(1)
      }
      // And again, now that nothing is cached.
      expect((await measure(b.image(doc._id).width(100).url())).width).toBe(100)
    } finally {
      await s.stop()
    }
  })

  it('with a small limit evicts least-recently-used renditions and never exceeds the limit on disk', async () => {
    const limitMb = 0.015
    const limit = limitMb * 1024 * 1024
    const s = await startTestService({ IMAGE_CACHE_MB: String(limitMb) })
    try {
      const client = s.client({ token: await s.adminToken() })
      const doc = await client.assets.upload('image', square)
      const b = createImageUrlBuilder({ projectId: s.config.projectId, dataset: s.config.dataset, baseUrl: s.url })
      // A model of an LRU cache of that many bytes, fed with the same requests.
      const model = new Map<string, Buffer>()
      let modelBytes = 0
      let evictions = 0
      const request = async (width: number) => {
        const url = b.image(doc._id).width(width).format('jpg').quality(90).url()
        const img = await measure(url)
        expect(img.width).toBe(width)
        if (model.has(url)) {
          const body = model.get(url)!
          model.delete(url)
          model.set(url, body)
        } else {
          model.set(url, img.body)
          modelBytes += img.body.length
          while (modelBytes > limit && model.size > 0) {
            const [oldest, body] = model.entries().next().value!
            model.delete(oldest)
            modelBytes -= body.length
            evictions++
          }
        }
        const files = renditionFiles(s.dataDir)
        const onDisk = files.reduce((sum, f) => sum + statSync(join(s.dataDir, 'renditions', f)).size, 0)
        expect(onDisk).toBeLessThanOrEqual(limit)
        const contents = files.map((f) => readFileSync(join(s.dataDir, 'renditions', f))).map((buf) => buf.toString('base64')).sort()
        expect(contents).toEqual([...model.values()].map((buf) => buf.toString('base64')).sort())
      }
      // These renditions weigh a few kilobytes each (about 3 KB at 120 px to 12 KB at 200 px), so
      // only a few fit in 15 KB and the sequence below evicts; the touch of 120 decides which go.
      await request(120)
      await request(140)
      await request(160)
      await request(120) // touch the oldest: it becomes the most recently used
      await request(180)
      await request(200)
      await request(140)
      await request(120)
      expect(evictions).toBeGreaterThan(0)
      expect(model.size).toBeGreaterThan(0)
      expect(renditionFiles(s.dataDir).length).toBe(model.size)
    } finally {
      await s.stop()
    }
  })
})
