// Image and file assets: bytes on disk under DATA_DIR/assets/<dataset>/, described by
// `sanity.imageAsset` / `sanity.fileAsset` documents in the dataset so `asset->url` and listeners
// work as on the Content Lake. Identical bytes are stored once (the id carries their SHA-1).

import { createHash, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, openSync, fsyncSync, closeSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp, { type Metadata } from 'sharp'
import { typedError } from '../errors.ts'
import type { Doc } from '../store/mutations.ts'
import type { Store } from '../store/store.ts'

export interface ImageFormat {
  extension: string
  mimeType: string
}

/** The image format from the file's first bytes; uploads from Node carry no content type. */
export function sniffImage(bytes: Buffer): ImageFormat | null {
  const head = bytes.subarray(0, 32)
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { extension: 'jpg', mimeType: 'image/jpeg' }
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { extension: 'png', mimeType: 'image/png' }
  if (head.toString('latin1', 0, 4) === 'GIF8') return { extension: 'gif', mimeType: 'image/gif' }
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return { extension: 'webp', mimeType: 'image/webp' }
  if (head.toString('latin1', 4, 8) === 'ftyp' && /avif|avis/.test(head.toString('latin1', 8, 12))) return { extension: 'avif', mimeType: 'image/avif' }
  if ((head[0] === 0x49 && head[1] === 0x49 && head[2] === 0x2a) || (head[0] === 0x4d && head[1] === 0x4d && head[3] === 0x2a)) {
    return { extension: 'tiff', mimeType: 'image/tiff' }
  }
  const text = bytes.subarray(0, 1024).toString('utf8').trimStart()
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return { extension: 'svg', mimeType: 'image/svg+xml' }
  return null
}

export interface VideoFormat {
  extension: 'mp4' | 'webm'
  mimeType: 'video/mp4' | 'video/webm'
}

// ISO base media brands of MP4 video; HEIF and AVIF pictures share the container under other brands.
const mp4Brands = /^(isom|iso[2-9a-z]|mp4[12]|avc1|M4V |M4VP|dash|mmp4|MSNV|f4v )$/

/**
 * The video format from the file's first bytes: MP4 (an `ftyp` box with a video brand) or WebM (an
 * EBML header whose DocType is `webm`). The only videos the paper's player is given, whatever the
 * uploader's name or content type says.
 */
export function sniffVideo(bytes: Buffer): VideoFormat | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && mp4Brands.test(bytes.toString('latin1', 8, 12))) {
    return { extension: 'mp4', mimeType: 'video/mp4' }
  }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    // The DocType element (0x4282), a one-byte size 0x84, then the four letters.
    const header = bytes.subarray(4, 64)
    const docType = header.indexOf(Buffer.from([0x42, 0x82]))
    if (docType >= 0 && header.toString('latin1', docType + 3, docType + 7) === 'webm') return { extension: 'webm', mimeType: 'video/webm' }
  }
  return null
}

/** Whether an upload says it is a video, by its content type or its file name's extension. */
function claimsVideo(contentType: string | undefined, extension: string | undefined): boolean {
  return /^video\//i.test(contentType ?? '') || /^(mp4|m4v|webm|mov|mkv|avi|ogv|wmv|flv|3gp)$/.test(extension ?? '')
}

const mimeByExtension: Record<string, string> = {
  jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif', tiff: 'image/tiff', svg: 'image/svg+xml',
  pdf: 'application/pdf', mp4: 'video/mp4', webm: 'video/webm', mp3: 'audio/mpeg', txt: 'text/plain', json: 'application/json',
}

export function mimeTypeOf(extension: string): string {
  return mimeByExtension[extension] ?? 'application/octet-stream'
}

export interface UploadMeta {
  filename?: string
  label?: string
  title?: string
  description?: string
  creditLine?: string
  source?: { id?: string; name?: string; url?: string }
}

export interface AssetsOptions {
  dataDir: string
  projectId: string
}

export class Assets {
  private readonly store: Store
  private readonly options: AssetsOptions

  constructor(store: Store, options: AssetsOptions) {
    this.store = store
    this.options = options
  }

  private dir(dataset: string): string {
    return join(this.options.dataDir, 'assets', dataset)
  }

  /** Where the original bytes of `<sha1>-<w>x<h>.<ext>` (or `<sha1>.<ext>` for files) live. */
  pathOf(dataset: string, file: string): string {
    return join(this.dir(dataset), file)
  }

  async uploadImage(dataset: string, bytes: Buffer, meta: UploadMeta, publicBase: string, identity = ''): Promise<Doc> {
    this.store.dataset(dataset)
    if (bytes.length === 0) throw typedError(400, 'invalidAssetError', 'The upload is empty')
    const format = sniffImage(bytes)
    if (!format) throw typedError(415, 'invalidAssetError', 'The upload is not an image in a supported format (JPEG, PNG, GIF, WebP, AVIF, TIFF or SVG)')
    let info: Metadata
    try {
      info = await sharp(bytes).metadata()
    } catch (error) {
      throw typedError(400, 'invalidAssetError', `The image could not be read: ${(error as Error).message}`)
    }
    // EXIF orientations 5-8 rotate by 90°, so the displayed size swaps width and height.
    const rotated = (info.orientation ?? 1) >= 5
    const width = (rotated ? info.height : info.width) ?? 0
    const height = (rotated ? info.width : info.height) ?? 0
    if (!width || !height) throw typedError(400, 'invalidAssetError', 'The image has no dimensions')
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const id = `image-${sha1}-${width}x${height}-${format.extension}`
    const existing = this.store.dataset(dataset).docs.get(id)
    if (existing) return existing
    const file = `${sha1}-${width}x${height}.${format.extension}`
    this.writeDurably(dataset, file, bytes)
    const metadata: Record<string, unknown> = {
      _type: 'sanity.imageMetadata',
      dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: Math.round((width / height) * 1e4) / 1e4 },
      hasAlpha: Boolean(info.hasAlpha),
      isOpaque: !info.hasAlpha,
    }
    try {
      const preview = sharp(bytes).rotate().resize(20, 20, { fit: 'inside' })
      metadata.lqip = `data:image/jpeg;base64,${(await preview.clone().jpeg({ quality: 40 }).toBuffer()).toString('base64')}`
      const stats = await sharp(bytes).stats()
      const { r, g, b } = stats.dominant
      const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`
      metadata.palette = { _type: 'sanity.imagePalette', dominant: { _type: 'sanity.imagePaletteSwatch', background: hex, foreground: r * 0.299 + g * 0.587 + b * 0.114 > 150 ? '#000' : '#fff' } }
    } catch {
      // Previews are a nicety; an image sharp can size but not sample (some SVGs) still uploads.
    }
    const doc = {
      _id: id,
      _type: 'sanity.imageAsset',
      assetId: sha1,
      sha1hash: sha1,
      extension: format.extension,
      mimeType: format.mimeType,
      size: bytes.length,
      uploadId: randomUUID(),
      path: `images/${this.options.projectId}/${dataset}/${file}`,
      url: `${publicBase}/images/${this.options.projectId}/${dataset}/${file}`,
      metadata,
      ...describe(meta),
    }
    const tx = await this.store.commit(dataset, [{ createIfNotExists: doc }], { identity })
    return tx.results[0]!.document!
  }

  async uploadFile(dataset: string, bytes: Buffer, meta: UploadMeta, contentType: string | undefined, publicBase: string, identity = ''): Promise<Doc> {
    this.store.dataset(dataset)
    if (bytes.length === 0) throw typedError(400, 'invalidAssetError', 'The upload is empty')
    const fromName = meta.filename?.match(/\.([a-z0-9]{1,8})$/i)?.[1]?.toLowerCase()
    // A video is what its bytes are: the player only ever gets MP4 or WebM, served as what it is.
    const video = sniffVideo(bytes)
    if (!video && claimsVideo(contentType, fromName)) {
      throw typedError(415, 'invalidAssetError', 'The upload is not a video in a supported format (MP4 or WebM)')
    }
    const extension = video?.extension ?? fromName ?? 'bin'
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const id = `file-${sha1}-${extension}`
    const existing = this.store.dataset(dataset).docs.get(id)
    if (existing) return existing
    const file = `${sha1}.${extension}`
    this.writeDurably(dataset, file, bytes)
    const doc = {
      _id: id,
      _type: 'sanity.fileAsset',
      assetId: sha1,
      sha1hash: sha1,
      extension,
      mimeType: video?.mimeType ?? (contentType && contentType !== 'application/octet-stream' ? contentType : mimeTypeOf(extension)),
      size: bytes.length,
      uploadId: randomUUID(),
      path: `files/${this.options.projectId}/${dataset}/${file}`,
      url: `${publicBase}/files/${this.options.projectId}/${dataset}/${file}`,
      ...describe(meta),
    }
    const tx = await this.store.commit(dataset, [{ createIfNotExists: doc }], { identity })
    return tx.results[0]!.document!
  }

  /** The bytes reach the disk before the document that points at them is committed. */
  private writeDurably(dataset: string, file: string, bytes: Buffer): void {
    const dir = this.dir(dataset)
    mkdirSync(dir, { recursive: true })
    const target = join(dir, file)
    if (existsSync(target)) return
    const temp = `${target}.${process.pid}.tmp`
    writeFileSync(temp, bytes)
    const fd = openSync(temp, 'r')
    fsyncSync(fd)
    closeSync(fd)
    renameSync(temp, target)
  }
}

function describe(meta: UploadMeta): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (meta.filename) out.originalFilename = meta.filename
  if (meta.label) out.label = meta.label
  if (meta.title) out.title = meta.title
  if (meta.description) out.description = meta.description
  if (meta.creditLine) out.creditLine = meta.creditLine
  if (meta.source && (meta.source.id || meta.source.name || meta.source.url)) out.source = meta.source
  return out
}
