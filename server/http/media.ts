// Assets: uploads (the Content Lake's assets API) and the image and file CDN that serves them.

import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import type { UploadMeta } from '../media/assets.ts'
import { ApiError, httpError, typedError } from '../errors.ts'
import { contentDisposition, imageFilePattern } from '../media/images.ts'
import { ifRangeHolds, noneMatchHolds, rangeOf } from '../media/ranges.ts'
import { publicBase, readBody, sendJson } from './respond.ts'
import type { ApiDeps, Context } from './route.ts'

export function upload({ store, assets, config }: ApiDeps) {
  return async ({ req, res, url, params: { dataset, kind }, who }: Context): Promise<void> => {
    store.dataset(dataset!)
    const bytes = await readBody(req, config.maxUploadBytes).catch((error: unknown) => {
      // Say what the limit is in an editor's terms: a video over it needs to be made smaller.
      if (error instanceof ApiError && error.status === 413) {
        throw typedError(413, 'assetTooLargeError', `The upload is larger than the limit of ${megabytes(config.maxUploadBytes)} (MAX_UPLOAD_BYTES)`, { limit: config.maxUploadBytes })
      }
      throw error
    })
    const s = url.searchParams
    const meta: UploadMeta = {
      filename: s.get('filename') ?? undefined,
      label: s.get('label') ?? undefined,
      title: s.get('title') ?? undefined,
      description: s.get('description') ?? undefined,
      creditLine: s.get('creditLine') ?? undefined,
      source: { id: s.get('sourceId') ?? undefined, name: s.get('sourceName') ?? undefined, url: s.get('sourceUrl') ?? undefined },
    }
    const base = publicBase(req, config.publicUrl)
    const identity = who()!.id
    const document =
      kind === 'images'
        ? await assets.uploadImage(dataset!, bytes, meta, base, identity)
        : await assets.uploadFile(dataset!, bytes, meta, req.headers['content-type'], base, identity)
    sendJson(res, 200, { document })
  }
}

/** /images/{projectId}/{dataset}/{file}[/{vanity name}] */
export function image({ store, assets, images, config }: ApiDeps) {
  return async ({ req, res, url, params: { projectId, dataset, file } }: Context): Promise<void> => {
    if (projectId !== config.projectId || !store.hasDataset(dataset!) || !imageFilePattern.test(file!)) throw httpError(404, 'Image not found')
    const r = await images.rendition(assets.pathOf(dataset!, file!), file!, url.searchParams, String(req.headers.accept ?? ''))
    const headers: Record<string, string> = {
      'Content-Type': r.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: r.etag,
      'X-Content-Type-Options': 'nosniff',
    }
    if (r.varyAccept) headers.Vary = 'Accept'
    if (r.download !== undefined) headers['Content-Disposition'] = contentDisposition(r.download)
    if (req.headers['if-none-match'] === r.etag) {
      res.writeHead(304, headers)
      res.end()
      return
    }
    res.writeHead(200, { ...headers, 'Content-Length': String(r.body.length) })
    res.end(req.method === 'HEAD' ? undefined : r.body)
  }
}

/**
 * /files/{projectId}/{dataset}/{sha1}.{ext}: the bytes of a file asset, streamed from disk in the
 * parts a video player asks for (one `Range` at a time, 206), never read whole into memory. The name
 * is the content's SHA-1, so the ETag is too and the answer can be cached for ever.
 */
export function file({ store, assets, config }: ApiDeps) {
  return async ({ req, res, params: { projectId, dataset, file: name } }: Context): Promise<void> => {
    const m = /^([a-f0-9]{40})\.([a-z0-9]{1,8})$/.exec(name!)
    if (projectId !== config.projectId || !m || !store.hasDataset(dataset!)) throw httpError(404, 'File not found')
    const assetDoc = store.dataset(dataset!).docs.get(`file-${m[1]}-${m[2]}`)
    const path = assets.pathOf(dataset!, name!)
    const size = assetDoc ? await stat(path).then((s) => (s.isFile() ? s.size : null), () => null) : null
    if (!assetDoc || size === null) throw httpError(404, 'File not found')
    const etag = `"${m[1]}"`
    const headers: Record<string, string> = {
      'Content-Type': String(assetDoc.mimeType ?? 'application/octet-stream'),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      // Uploaded files are never rendered as pages of this origin.
      'Content-Security-Policy': 'sandbox',
    }
    if (noneMatchHolds(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers)
      res.end()
      return
    }
    const range = ifRangeHolds(headerOf(req.headers['if-range']), etag) ? rangeOf(req.headers.range, size) : ({ kind: 'whole' } as const)
    if (range.kind === 'unsatisfiable') {
      throw new ApiError(416, { statusCode: 416, error: 'Range Not Satisfiable', message: `The file has ${size} bytes` }, { 'Content-Range': `bytes */${size}` })
    }
    const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, size - 1]
    if (range.kind === 'part') {
      res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) })
    } else {
      res.writeHead(200, { ...headers, 'Content-Length': String(size) })
    }
    if (req.method === 'HEAD' || size === 0) {
      res.end()
      return
    }
    try {
      await pipeline(createReadStream(path, { start, end }), res)
    } catch {
      // The player moved on (a seek closes the old request) or the disk failed mid-way: the
      // response is already under way, so it just ends; the player asks again.
      res.destroy()
    }
  }
}

function megabytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`
}

/** A header Node may hand over as a list when it came more than once: a repeated one counts as absent. */
function headerOf(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined
}
