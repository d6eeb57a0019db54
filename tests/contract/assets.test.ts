// Asset uploads (docs/content-api.md §5) through client.assets.upload, and the image CDN (§6)
// through @sanity/image-url URLs fetched over HTTP and measured with sharp.

import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, type SanityClient, type SanityImageAssetDocument } from '@sanity/client'
import { createImageUrlBuilder } from '@sanity/image-url'
import sharp from 'sharp'
import { startTestService, testAdmin, type TestService } from '../support/service.ts'
import { expectErrorBody, noisyPng, pixel, raw, rejection, solidJpeg, solidPng, twoBandPng, waitFor } from './helpers.ts'

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

  it('dl gives a valid Content-Disposition for any name: ASCII filename plus RFC 6266 filename* when needed', async () => {
    const disposition = async (dl: string) => {
      const res = await fetchImage(`${jpegDoc.url}?dl=${dl}`)
      expect(res.status, res.body.toString('utf8', 0, 200)).toBe(200)
      expect(res.body.equals(jpeg)).toBe(true)
      return res.headers.get('content-disposition')
    }
    expect(await disposition('%E2%98%83.jpg')).toBe(`attachment; filename="_.jpg"; filename*=UTF-8''%E2%98%83.jpg`)
    expect(await disposition('%00')).toBe('attachment')
    expect(await disposition('')).toBe('attachment')
    expect(await disposition('front-page.jpg')).toBe('attachment; filename="front-page.jpg"')
    expect(await disposition('a%0D%0Ab%01.jpg')).toBe('attachment; filename="ab.jpg"')
    expect(await disposition('%22quoted%22%20caf%C3%A9.jpg')).toBe(`attachment; filename="_quoted_ caf_.jpg"; filename*=UTF-8''%22quoted%22%20caf%C3%A9.jpg`)
    // On a rendition too, not only the original.
    const rendition = await fetchImage(`${jpegDoc.url}?w=50&dl=%E2%98%83.jpg`)
    expect(rendition.status).toBe(200)
    expect(rendition.headers.get('content-disposition')).toBe(`attachment; filename="_.jpg"; filename*=UTF-8''%E2%98%83.jpg`)
  })

  it('renditions over the size limits are a 400 JSON error, before any work', async () => {
    const base = pngDoc.url
    // 8000x8000 is 64 million pixels, over the default IMAGE_MAX_PIXELS.
    const square = await raw(`${base}?w=8000&h=8000&blur=2000`)
    expectErrorBody(square, 400)
    expect(square.json.message).toMatch(/limit is 50000000 pixels/)
    // dpr counts: 4000x4000 at dpr 2 is 8000x8000.
    expectErrorBody(await raw(`${base}?w=4000&h=4000&dpr=2`), 400)
    // h alone on a 640x480 image makes a width of 10667, over 8000.
    const tall = await raw(`${base}?h=8000`)
    expectErrorBody(tall, 400)
    expect(tall.json.message).toMatch(/8000/)
    // Only quarter turns: other angles enlarge the canvas.
    expectErrorBody(await raw(`${base}?or=45`), 400)
    expect((await measure(`${base}?or=90&w=100`)).height).toBe(133)
    // A fit that never enlarges is measured as it renders: this stays 640x480.
    expect((await measure(`${base}?fit=max&h=8000`)).width).toBe(640)
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

describe('renditions cannot starve sign-in (IMAGE_RENDER_CONCURRENCY, IMAGE_QUEUE_LIMIT, IMAGE_MAX_INPUT_PIXELS)', () => {
  let s: TestService
  let big: SanityImageAssetDocument

  beforeAll(async () => {
    s = await startTestService({ IMAGE_RENDER_CONCURRENCY: '2', IMAGE_QUEUE_LIMIT: '1', IMAGE_MAX_INPUT_PIXELS: '20000000' })
    const client = s.client({ token: await s.adminToken() })
    const original = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#446688' } }).jpeg().toBuffer()
    big = await client.assets.upload('image', original, { filename: 'big.jpg' })
  })

  afterAll(async () => {
    await s?.stop()
  })

  it('runs two renders, queues one, answers 503 beyond that, shares identical ones, and signs in meanwhile', async () => {
    // Each of these blurs 9 million pixels: a second or more of work, the attack that starved sign-in.
    const heavy = (q: number) => `${big.url}?w=3000&h=3000&blur=1000&q=${q}`
    const finished: string[] = []
    const fire = (name: string, url: string) =>
      fetchImage(url).then((res) => {
        finished.push(name)
        return res
      })

    const first = fire('first', heavy(70))
    await waitFor(() => s.images.renders().running === 1, 'the first render to start')
    const same = fire('same as first', heavy(70))
    const second = fire('second', heavy(71))
    await waitFor(() => s.images.renders().running === 2, 'the second render to start')
    const third = fire('third', heavy(72))
    await waitFor(() => s.images.renders().waiting === 1, 'the third render to wait in line')

    const refused = await raw(heavy(73))
    expectErrorBody(refused, 503)
    expect(refused.json).toMatchObject({ statusCode: 503, error: 'Service Unavailable' })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThan(0)
    expect(finished, 'the refusal waited for a render').toEqual([])

    const signIn = await raw(`${s.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(testAdmin) })
    expect(signIn.status, signIn.text).toBe(200)
    expect(signIn.json.access_token).toEqual(expect.any(String))
    expect(finished, 'sign-in waited for a render').toEqual([])

    const results = await Promise.all([first, same, second, third])
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
    expect(results[1]!.body.equals(results[0]!.body)).toBe(true)
    const meta = await sharp(results[2]!.body).metadata()
    expect([meta.width, meta.height]).toEqual([3000, 3000])
    // Four answered, three rendered: the identical request shared the first one's render.
    expect(s.images.renders()).toMatchObject({ running: 0, waiting: 0, started: 3, refused: 1 })
  }, 90_000)

  it('renders nothing of an original over IMAGE_MAX_INPUT_PIXELS (400), but serves the original', async () => {
    const client = s.client({ token: await s.adminToken() })
    const huge = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#664422' } }).jpeg().toBuffer()
    const doc = await client.assets.upload('image', huge, { filename: 'huge.jpg' })
    const before = s.images.renders().started
    const res = await raw(`${doc.url}?w=100`)
    expectErrorBody(res, 400)
    expect(res.json.message).toMatch(/too large to render/)
    expect(s.images.renders().started).toBe(before)
    const original = await fetchImage(doc.url)
    expect(original.status).toBe(200)
    expect(original.body.equals(huge)).toBe(true)
  })
})
