// The image CDN: originals and on-the-fly renditions for the parameters @sanity/image-url emits,
// rendered by sharp and kept in a size-bounded disk cache (least recently used goes first).

import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { httpError } from './errors.ts'

export const imageFilePattern = /^([a-f0-9]{40})-(\d+)x(\d+)\.([a-z0-9]+)$/

export interface Rendition {
  body: Buffer
  contentType: string
  etag: string
  varyAccept: boolean
  download?: string
}

type Fit = 'clip' | 'crop' | 'fill' | 'fillmax' | 'max' | 'scale' | 'min'
type OutputFormat = 'jpg' | 'pjpg' | 'png' | 'webp' | 'gif' | 'avif'

interface Plan {
  rect?: [number, number, number, number]
  w?: number
  h?: number
  fit: Fit
  crop: string[]
  fpX?: number
  fpY?: number
  format: OutputFormat
  quality: number
  bg?: string
  blur?: number
  flip?: string
  orientation?: number
  invert: boolean
  saturation?: number
  varyAccept: boolean
  download?: string
}

const MAX_DIMENSION = 8000

function intParam(params: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = params.get(name)
  if (raw === null || raw === '') return undefined
  const n = Number(raw)
  if (!Number.isFinite(n) || n < min || n > max) throw httpError(400, `Invalid image parameter ${name}=${raw}: expected a number from ${min} to ${max}`)
  return n
}

function choice<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const raw = params.get(name)
  if (raw === null || raw === '') return undefined
  if (!(allowed as readonly string[]).includes(raw)) throw httpError(400, `Invalid image parameter ${name}=${raw}: expected one of ${allowed.join(', ')}`)
  return raw as T
}

function outputFor(extension: string): OutputFormat {
  if (extension === 'jpg' || extension === 'png' || extension === 'webp' || extension === 'gif') return extension
  return extension === 'svg' ? 'png' : 'jpg'
}

export function planRendition(params: URLSearchParams, extension: string, width: number, height: number, accept: string): Plan {
  let rect: Plan['rect']
  const rawRect = params.get('rect')
  if (rawRect) {
    const parts = rawRect.split(',').map(Number)
    if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0)) throw httpError(400, `Invalid image parameter rect=${rawRect}: expected left,top,width,height`)
    const [l, t, w, h] = parts as [number, number, number, number]
    const left = Math.min(l, width - 1)
    const top = Math.min(t, height - 1)
    rect = [left, top, Math.max(1, Math.min(w, width - left)), Math.max(1, Math.min(h, height - top))]
  }
  const dpr = intParam(params, 'dpr', 0.1, 5) ?? 1
  const scale = (n: number | undefined) => (n === undefined ? undefined : Math.min(MAX_DIMENSION, Math.max(1, Math.round(n * dpr))))
  const auto = params.get('auto')
  const fm = choice(params, 'fm', ['jpg', 'pjpg', 'png', 'webp', 'gif', 'avif'] as const)
  let format: OutputFormat = fm ?? outputFor(extension)
  let varyAccept = false
  if (auto === 'format' && !fm) {
    varyAccept = true
    if (/image\/webp/.test(accept)) format = 'webp'
  }
  const crop = (params.get('crop') ?? 'center').split(',').map((c) => c.trim())
  for (const c of crop) {
    if (!['top', 'bottom', 'left', 'right', 'center', 'focalpoint', 'entropy'].includes(c)) throw httpError(400, `Invalid image parameter crop=${params.get('crop')}`)
  }
  const bg = params.get('bg') ?? undefined
  if (bg !== undefined && !/^([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(bg)) throw httpError(400, `Invalid image parameter bg=${bg}: expected a hex colour`)
  const dl = params.get('dl')
  return {
    rect,
    w: scale(intParam(params, 'w', 1, MAX_DIMENSION)),
    h: scale(intParam(params, 'h', 1, MAX_DIMENSION)),
    fit: choice(params, 'fit', ['clip', 'crop', 'fill', 'fillmax', 'max', 'scale', 'min'] as const) ?? 'clip',
    crop,
    fpX: intParam(params, 'fp-x', 0, 1),
    fpY: intParam(params, 'fp-y', 0, 1),
    format,
    quality: intParam(params, 'q', 0, 100) ?? 75,
    bg,
    blur: intParam(params, 'blur', 0, 2000),
    flip: choice(params, 'flip', ['h', 'v', 'hv'] as const),
    orientation: intParam(params, 'or', 0, 270),
    invert: params.has('invert') && params.get('invert') !== 'false',
    saturation: intParam(params, 'sat', -100, 100),
    varyAccept,
    download: dl === null ? undefined : dl,
  }
}

function gravity(plan: Plan): string {
  const c = plan.crop
  const vertical = c.includes('top') ? 'north' : c.includes('bottom') ? 'south' : ''
  const horizontal = c.includes('left') ? 'west' : c.includes('right') ? 'east' : ''
  return vertical + horizontal || 'centre'
}

const contentTypes: Record<OutputFormat, string> = {
  jpg: 'image/jpeg', pjpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif',
}

async function render(original: Buffer, plan: Plan): Promise<Buffer> {
  let img = sharp(original, { animated: false, limitInputPixels: 100_000_000 }).rotate()
  if (plan.rect) {
    const [left, top, width, height] = plan.rect
    img = sharp(await img.extract({ left, top, width, height }).toBuffer())
  }
  if (plan.flip?.includes('h')) img = img.flop()
  if (plan.flip?.includes('v')) img = img.flip()
  if (plan.orientation) img = img.rotate(plan.orientation)
  const background = plan.bg ? `#${plan.bg}` : '#ffffff'
  if (plan.w !== undefined || plan.h !== undefined) {
    const both = plan.w !== undefined && plan.h !== undefined
    const base = { width: plan.w, height: plan.h }
    switch (plan.fit) {
      case 'crop':
        if (both && plan.crop.includes('focalpoint') && plan.fpX !== undefined && plan.fpY !== undefined) {
          img = await cropAroundFocalPoint(img, plan.w!, plan.h!, plan.fpX, plan.fpY)
        } else {
          img = img.resize({ ...base, fit: 'cover', position: plan.crop.includes('entropy') ? sharp.strategy.entropy : gravity(plan) })
        }
        break
      case 'fill':
        img = img.resize({ ...base, fit: both ? 'contain' : 'inside', background })
        break
      case 'fillmax':
        img = img.resize({ ...base, fit: 'inside', withoutEnlargement: true })
        if (both) img = sharp(await img.toBuffer()).resize({ ...base, fit: 'contain', background, withoutEnlargement: false, kernel: 'nearest' })
        break
      case 'max':
        img = img.resize({ ...base, fit: 'inside', withoutEnlargement: true })
        break
      case 'scale':
        img = img.resize({ ...base, fit: both ? 'fill' : 'inside' })
        break
      case 'min':
        img = img.resize({ ...base, fit: 'cover', withoutEnlargement: true, position: gravity(plan) })
        break
      case 'clip':
        img = img.resize({ ...base, fit: 'inside' })
        break
    }
  }
  if (plan.blur) img = img.blur(Math.max(0.3, plan.blur / 10))
  if (plan.invert) img = img.negate({ alpha: false })
  if (plan.saturation !== undefined) img = img.modulate({ saturation: 1 + plan.saturation / 100 })
  switch (plan.format) {
    case 'jpg':
      return img.flatten({ background }).jpeg({ quality: plan.quality, mozjpeg: true }).toBuffer()
    case 'pjpg':
      return img.flatten({ background }).jpeg({ quality: plan.quality, progressive: true, mozjpeg: true }).toBuffer()
    case 'png':
      return img.png().toBuffer()
    case 'webp':
      return img.webp({ quality: plan.quality }).toBuffer()
    case 'gif':
      return img.gif().toBuffer()
    case 'avif':
      return img.avif({ quality: plan.quality }).toBuffer()
  }
}

async function cropAroundFocalPoint(img: Sharp, w: number, h: number, fx: number, fy: number): Promise<Sharp> {
  const { data, info } = await img.toBuffer({ resolveWithObject: true })
  const scale = Math.max(w / info.width, h / info.height)
  const sw = Math.max(w, Math.round(info.width * scale))
  const sh = Math.max(h, Math.round(info.height * scale))
  const left = Math.min(Math.max(0, Math.round(fx * sw - w / 2)), sw - w)
  const top = Math.min(Math.max(0, Math.round(fy * sh - h / 2)), sh - h)
  return sharp(data).resize(sw, sh, { fit: 'fill' }).extract({ left, top, width: w, height: h })
}

export interface RenditionCacheOptions {
  dir: string
  limitBytes: number
}

/** Renditions on disk, evicted least-recently-used first once their total passes the limit. */
export class RenditionCache {
  private readonly dir: string
  private readonly limit: number
  private readonly entries = new Map<string, number>()
  private total = 0
  private readonly inflight = new Map<string, Promise<Buffer>>()

  constructor(options: RenditionCacheOptions) {
    this.dir = options.dir
    this.limit = options.limitBytes
    mkdirSync(this.dir, { recursive: true })
    const files = readdirSync(this.dir)
      .filter((f) => !f.endsWith('.tmp'))
      .map((f) => {
        const s = statSync(join(this.dir, f))
        return { f, size: s.size, used: s.mtimeMs }
      })
      .sort((a, b) => a.used - b.used)
    for (const { f, size } of files) {
      this.entries.set(f, size)
      this.total += size
    }
    this.evict()
  }

  get bytes(): number {
    return this.total
  }

  get count(): number {
    return this.entries.size
  }

  async get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const path = join(this.dir, key)
    if (this.entries.has(key) && existsSync(path)) {
      const size = this.entries.get(key)!
      this.entries.delete(key)
      this.entries.set(key, size)
      const now = new Date()
      try {
        utimesSync(path, now, now)
      } catch {
        // Another process may have evicted it; the read below tells.
      }
      try {
        return readFileSync(path)
      } catch {
        this.forget(key)
      }
    }
    const pending = this.inflight.get(key)
    if (pending) return pending
    const job = make().then((body) => {
      const temp = `${path}.${process.pid}.tmp`
      writeFileSync(temp, body)
      renameSync(temp, path)
      this.forget(key)
      this.entries.set(key, body.length)
      this.total += body.length
      this.evict()
      return body
    })
    this.inflight.set(key, job)
    try {
      return await job
    } finally {
      this.inflight.delete(key)
    }
  }

  private forget(key: string): void {
    const size = this.entries.get(key)
    if (size === undefined) return
    this.entries.delete(key)
    this.total -= size
  }

  private evict(): void {
    while (this.total > this.limit && this.entries.size > 0) {
      const [oldest, size] = this.entries.entries().next().value!
      this.entries.delete(oldest)
      this.total -= size
      try {
        unlinkSync(join(this.dir, oldest))
      } catch {
        // Already gone.
      }
    }
  }
}

export class ImageServer {
  private readonly cache: RenditionCache

  constructor(cache: RenditionCache) {
    this.cache = cache
  }

  /** A rendition of an original for the request's query string (the original itself when there is none that changes it). */
  async rendition(originalPath: string, file: string, params: URLSearchParams, accept: string): Promise<Rendition> {
    const match = imageFilePattern.exec(file)
    if (!match) throw httpError(404, `Image "${file}" not found`)
    const [, sha1, w, h, extension] = match as unknown as [string, string, string, string, string]
    if (!existsSync(originalPath)) throw httpError(404, `Image "${file}" not found`)
    const plan = planRendition(params, extension, Number(w), Number(h), accept)
    const identity =
      !plan.rect && plan.w === undefined && plan.h === undefined && !plan.blur && !plan.flip && !plan.orientation && !plan.invert &&
      plan.saturation === undefined && plan.format === extension && !params.has('q')
    if (identity) {
      return { body: readFileSync(originalPath), contentType: contentTypes[plan.format] ?? 'application/octet-stream', etag: `"${sha1}"`, varyAccept: plan.varyAccept, download: plan.download }
    }
    const { download: _d, varyAccept: _v, ...shape } = plan
    const key = createHash('sha256').update(`${file}\u0000${JSON.stringify(shape)}`).digest('hex').slice(0, 40)
    const ext = plan.format === 'pjpg' ? 'jpg' : plan.format
    const body = await this.cache.get(`${key}.${ext}`, async () => {
      try {
        return await render(readFileSync(originalPath), plan)
      } catch (error) {
        throw httpError(400, `The image could not be rendered with these parameters: ${(error as Error).message}`)
      }
    })
    return { body, contentType: contentTypes[plan.format], etag: `"${key}"`, varyAccept: plan.varyAccept, download: plan.download }
  }
}
