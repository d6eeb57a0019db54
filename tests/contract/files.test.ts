// File assets for video: uploads through @sanity/client's `assets.upload('file', ...)`, typed by
// their bytes and bounded in size, and the /files CDN answering a video player's requests (ranges,
// HEAD, ETag revalidation) from disk.

import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SanityAssetDocument, SanityClient } from '@sanity/client'
import { renderClip } from '../../server/seed/video.ts'
import { expectErrorBody, raw, rejection, solidJpeg } from './helpers.ts'
import { startTestService, type TestService } from '../support/service.ts'

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex')

/** The EBML header of a WebM file (DocType "webm") followed by some bytes: enough to be sniffed. */
function webmHead(): Buffer {
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08]),
    Buffer.from([0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.alloc(64, 7),
  ])
}

let service: TestService
let admin: SanityClient
let clip: Buffer
let clipDoc: SanityAssetDocument

beforeAll(async () => {
  // A small upload limit, so going over it costs a few hundred kilobytes, not fifty megabytes.
  service = await startTestService({ MAX_UPLOAD_BYTES: String(256 * 1024) })
  admin = service.client({ token: await service.adminToken() })
  clip = await renderClip({ picture: await solidJpeg(640, 360), caption: 'A clip for the contract test', seconds: 2 })
  // The client sends no content type for a Buffer; the name says .bin: the bytes decide.
  clipDoc = await admin.assets.upload('file', clip, { filename: 'clip.bin' })
})

afterAll(async () => {
  await service?.stop()
})

describe('video uploads', () => {
  it('an MP4 becomes a sanity.fileAsset typed by its bytes, whatever its name says', () => {
    const hash = sha1(clip)
    expect(clipDoc).toMatchObject({ _id: `file-${hash}-mp4`, _type: 'sanity.fileAsset', extension: 'mp4', mimeType: 'video/mp4', size: clip.length, originalFilename: 'clip.bin' })
    expect(clipDoc.url).toBe(`${service.url}/files/${service.config.projectId}/${service.config.dataset}/${hash}.mp4`)
  })

  it('a WebM is stored and served as video/webm', async () => {
    const bytes = webmHead()
    const doc = await admin.assets.upload('file', bytes, { filename: 'clip.webm', contentType: 'application/octet-stream' })
    expect(doc).toMatchObject({ extension: 'webm', mimeType: 'video/webm' })
    const res = await fetch(doc.url)
    expect(res.headers.get('content-type')).toBe('video/webm')
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('refuses bytes that only claim to be video, by name or content type, with 415', async () => {
    const page = Buffer.from('<!doctype html><script>alert(1)</script>')
    const byName = await rejection(admin.assets.upload('file', page, { filename: 'clip.mp4' }))
    expect(byName.statusCode).toBe(415)
    expect(byName.message).toMatch(/not a video in a supported format \(MP4 or WebM\)/)
    const byType = await raw(`${service.url}/v2023-05-03/assets/files/${service.config.dataset}?filename=clip`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await service.adminToken()}`, 'content-type': 'video/mp4' },
      body: page,
    })
    expectErrorBody(byType, 415)
    const listed = await admin.fetch('count(*[_type == "sanity.fileAsset" && extension == "mp4"])')
    expect(listed).toBe(1)
  })

  it('refuses an upload over MAX_UPLOAD_BYTES with 413 and a JSON error naming the limit', async () => {
    const big = Buffer.concat([clip, Buffer.alloc(300 * 1024)])
    const error = await rejection(admin.assets.upload('file', big, { filename: 'long.mp4' }))
    expect(error.statusCode).toBe(413)
    expect(error.message).toMatch(/larger than the limit of 256 KB \(MAX_UPLOAD_BYTES\)/)
    const res = await raw(`${service.url}/v2023-05-03/assets/files/${service.config.dataset}?filename=long.mp4`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await service.adminToken()}` },
      body: big,
    })
    expectErrorBody(res, 413)
    expect(res.json.error.type).toBe('assetTooLargeError')
  })

  it('an article refers to the file as Sanity does, and asset->url finds it', async () => {
    await admin.createOrReplace({ _id: 'video-story', _type: 'article', title: 'On film', video: { _type: 'file', asset: { _type: 'reference', _ref: clipDoc._id } } })
    const row = await service.client().fetch('*[_id == "video-story"][0]{"url": video.asset->url, "type": video.asset->mimeType}')
    expect(row).toEqual({ url: clipDoc.url, type: 'video/mp4' })
  })
})

describe('the file CDN serves video as players ask for it', () => {
  it('the whole file: 200, its type, length, byte ranges offered, an ETag and immutable caching', async () => {
    const res = await fetch(clipDoc.url)
    const body = Buffer.from(await res.arrayBuffer())
    expect(res.status).toBe(200)
    expect(body.equals(clip)).toBe(true)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(res.headers.get('content-length')).toBe(String(clip.length))
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('etag')).toBe(`"${sha1(clip)}"`)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('one range: 206 with Content-Range and exactly those bytes', async () => {
    const res = await fetch(clipDoc.url, { headers: { range: 'bytes=100-199' } })
    const body = Buffer.from(await res.arrayBuffer())
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${clip.length}`)
    expect(res.headers.get('content-length')).toBe('100')
    expect(body.equals(clip.subarray(100, 200))).toBe(true)
  })

  it('an open range from a byte to the end, and the last bytes', async () => {
    const from = await fetch(clipDoc.url, { headers: { range: `bytes=${clip.length - 10}-` } })
    expect(from.status).toBe(206)
    expect(Buffer.from(await from.arrayBuffer()).equals(clip.subarray(clip.length - 10))).toBe(true)
    const suffix = await fetch(clipDoc.url, { headers: { range: 'bytes=-16' } })
    expect(suffix.status).toBe(206)
    expect(suffix.headers.get('content-range')).toBe(`bytes ${clip.length - 16}-${clip.length - 1}/${clip.length}`)
    expect(Buffer.from(await suffix.arrayBuffer()).equals(clip.subarray(clip.length - 16))).toBe(true)
  })

  it('a range past the end: 416 with the size in Content-Range and a JSON error', async () => {
    const res = await raw(clipDoc.url, { headers: { range: `bytes=${clip.length}-` } })
    expectErrorBody(res, 416)
    expect(res.headers.get('content-range')).toBe(`bytes */${clip.length}`)
  })

  it('several ranges at once: the whole file with 200', async () => {
    const res = await fetch(clipDoc.url, { headers: { range: 'bytes=0-9,20-29' } })
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(clip)).toBe(true)
  })

  it('If-Range with another ETag gets the whole file; with the file’s own, the range', async () => {
    const stale = await fetch(clipDoc.url, { headers: { range: 'bytes=0-9', 'if-range': '"0000"' } })
    expect(stale.status).toBe(200)
    expect((await stale.arrayBuffer()).byteLength).toBe(clip.length)
    const current = await fetch(clipDoc.url, { headers: { range: 'bytes=0-9', 'if-range': `"${sha1(clip)}"` } })
    expect(current.status).toBe(206)
    expect((await current.arrayBuffer()).byteLength).toBe(10)
  })

  it('If-None-Match with the ETag: 304 with no body', async () => {
    const res = await fetch(clipDoc.url, { headers: { 'if-none-match': `"${sha1(clip)}"` } })
    expect(res.status).toBe(304)
    expect((await res.arrayBuffer()).byteLength).toBe(0)
    expect(res.headers.get('etag')).toBe(`"${sha1(clip)}"`)
  })

  it('HEAD: the headers of GET, for a range too, and no body', async () => {
    const whole = await fetch(clipDoc.url, { method: 'HEAD' })
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-length')).toBe(String(clip.length))
    expect((await whole.arrayBuffer()).byteLength).toBe(0)
    const part = await fetch(clipDoc.url, { method: 'HEAD', headers: { range: 'bytes=0-1' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-1/${clip.length}`)
  })

  it('an address with no asset behind it is a 404', async () => {
    const missing = clipDoc.url.replace(sha1(clip), '0'.repeat(40))
    expectErrorBody(await raw(missing), 404)
  })
})
