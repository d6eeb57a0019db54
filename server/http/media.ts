// Assets: uploads (the Content Lake's assets API) and the image and file CDN that serves them.

import { existsSync, readFileSync } from 'node:fs'
import type { UploadMeta } from '../media/assets.ts'
import { httpError } from '../errors.ts'
import { contentDisposition, imageFilePattern } from '../media/images.ts'
import { publicBase, readBody, sendJson } from './respond.ts'
import type { ApiDeps, Context } from './route.ts'

export function upload({ store, assets, config }: ApiDeps) {
  return async ({ req, res, url, params: { dataset, kind }, who }: Context): Promise<void> => {
    store.dataset(dataset!)
    const bytes = await readBody(req, config.maxUploadBytes)
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

/** /files/{projectId}/{dataset}/{sha1}.{ext} */
export function file({ store, assets, config }: ApiDeps) {
  return async ({ req, res, params: { projectId, dataset, file: name } }: Context): Promise<void> => {
    const m = /^([a-f0-9]{40})\.([a-z0-9]{1,8})$/.exec(name!)
    if (projectId !== config.projectId || !m || !store.hasDataset(dataset!)) throw httpError(404, 'File not found')
    const assetDoc = store.dataset(dataset!).docs.get(`file-${m[1]}-${m[2]}`)
    const path = assets.pathOf(dataset!, name!)
    if (!assetDoc || !existsSync(path)) throw httpError(404, 'File not found')
    const body = readFileSync(path)
    res.writeHead(200, {
      'Content-Type': String(assetDoc.mimeType ?? 'application/octet-stream'),
      'Content-Length': String(body.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // Uploaded files are never rendered as pages of this origin.
      'Content-Security-Policy': 'sandbox',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}
