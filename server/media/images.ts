// The image CDN: originals and on-the-fly renditions for the parameters @sanity/image-url emits,
// rendered by sharp and kept in a size-bounded disk cache (least recently used goes first).
//
// Renditions are public and one URL can ask for minutes of CPU, so rendering is rationed: a few
// renders at a time, a short bounded queue behind them (503 beyond it), pixel limits checked from
// the file name before any work, and a deadline on every render. Each sharp pipeline holds one of
// libuv's worker threads while it runs, the same threads scrypt needs for sign-in, so the number of
// renders at once must stay below that pool's size (see `renderSlots`).

import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { ApiError, httpError } from '../errors.ts'

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

/** The largest width or height a resized rendition may have. */
export const MAX_DIMENSION = 8000

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

function quarterTurn(params: URLSearchParams): number | undefined {
  const turn = choice(params, 'or', ['0', '90', '180', '270'] as const)
  return turn === undefined ? undefined : Number(turn)
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
    // Only quarter turns: any other angle grows the canvas beyond the size checked up front.
    orientation: quarterTurn(params),
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

/**
 * The size a plan renders at, at most: the asked box, or the asked side with the other in
 * proportion (enlarging, as `clip` and `scale` do, unless the fit never enlarges), or the source
 * (or its rect) when no size is asked.
 */
export function outputSize(plan: Pick<Plan, 'rect' | 'w' | 'h' | 'fit' | 'orientation'>, width: number, height: number): { width: number; height: number } {
  const [cw, ch] = plan.rect ? [plan.rect[2], plan.rect[3]] : [width, height]
  // `or` turns the image before it is sized.
  const [sw, sh] = plan.orientation === 90 || plan.orientation === 270 ? [ch, cw] : [cw, ch]
  if (plan.w !== undefined && plan.h !== undefined) return { width: plan.w, height: plan.h }
  if (plan.w === undefined && plan.h === undefined) return { width: sw, height: sh }
  const enlarges = !['max', 'min', 'fillmax'].includes(plan.fit)
  const asked = plan.w !== undefined ? plan.w / sw : plan.h! / sh
  const factor = enlarges ? asked : Math.min(1, asked)
  return { width: Math.max(1, Math.round(sw * factor)), height: Math.max(1, Math.round(sh * factor)) }
}

interface RenderLimits {
  maxInputPixels: number
  maxOutputPixels: number
  deadline: number
}

async function render(original: Buffer, plan: Plan, limits: RenderLimits): Promise<Buffer> {
  // Every pipeline, intermediate ones included, gets what is left of the render's deadline.
  const open = (input: Buffer, limitInputPixels: number, options: { animated?: boolean } = {}): Sharp => {
    const seconds = Math.max(1, Math.ceil((limits.deadline - Date.now()) / 1000))
    return sharp(input, { ...options, limitInputPixels }).timeout({ seconds: Math.min(seconds, 3600) })
  }
  const intermediate = Math.max(limits.maxInputPixels, limits.maxOutputPixels)
  let img = open(original, limits.maxInputPixels, { animated: false }).rotate()
  if (plan.rect) {
    const [left, top, width, height] = plan.rect
    img = open(await img.extract({ left, top, width, height }).toBuffer(), intermediate)
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
          img = await cropAroundFocalPoint(img, plan.w!, plan.h!, plan.fpX, plan.fpY, (input) => open(input, intermediate))
        } else {
          img = img.resize({ ...base, fit: 'cover', position: plan.crop.includes('entropy') ? sharp.strategy.entropy : gravity(plan) })
        }
        break
      case 'fill':
        img = img.resize({ ...base, fit: both ? 'contain' : 'inside', background })
        break
      case 'fillmax':
        img = img.resize({ ...base, fit: 'inside', withoutEnlargement: true })
        if (both) img = open(await img.toBuffer(), intermediate).resize({ ...base, fit: 'contain', background, withoutEnlargement: false, kernel: 'nearest' })
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

async function cropAroundFocalPoint(img: Sharp, w: number, h: number, fx: number, fy: number, open: (input: Buffer) => Sharp): Promise<Sharp> {
  const { data, info } = await img.toBuffer({ resolveWithObject: true })
  const scale = Math.max(w / info.width, h / info.height)
  const sw = Math.max(w, Math.round(info.width * scale))
  const sh = Math.max(h, Math.round(info.height * scale))
  const left = Math.min(Math.max(0, Math.round(fx * sw - w / 2)), sw - w)
  const top = Math.min(Math.max(0, Math.round(fy * sh - h / 2)), sh - h)
  return open(data).resize(sw, sh, { fit: 'fill' }).extract({ left, top, width: w, height: h })
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

/**
 * `Content-Disposition` for a download under any name a URL can carry: control characters go,
 * an ASCII `filename` serves old clients and RFC 6266's `filename*` carries the name exactly.
 * Node refuses header values outside Latin-1 (a 500), so nothing else may reach the header.
 */
export function contentDisposition(name: string): string {
  const printable = [...name].filter((c) => {
    const code = c.codePointAt(0)!
    return code > 0x1f && (code < 0x7f || code > 0x9f)
  })
  const cleaned = printable.join('').trim()
  const bounded = [...cleaned].slice(0, 255).join('')
  if (bounded === '') return 'attachment'
  // Quotes and backslashes would need escapes that clients read differently; percent signs some
  // clients decode. The exact name is in filename* whenever the fallback had to change it.
  const fallback = bounded.replace(/[^\x20-\x7e]|["\\%]/gu, '_')
  if (fallback === bounded) return `attachment; filename="${fallback}"`
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(bounded)}`
}

function encodeRfc5987(value: string): string {
  let out = ''
  // Buffer's UTF-8 encoder turns a lone surrogate into U+FFFD where encodeURIComponent would throw.
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte)
    out += /[A-Za-z0-9!#$&+\-.^_`|~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

function unavailable(message: string, retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  const error = httpError(503, message, { retryAfter: seconds })
  return new ApiError(503, error.body, { 'Retry-After': String(seconds) })
}

export interface RenderQueueOptions {
  /** Renders running at once. */
  concurrency: number
  /** Renders waiting for a slot; one more is refused with 503. */
  queueLimit: number
  /** How long a render may wait for a slot before it is refused with 503 instead. */
  maxWaitMs?: number
}

export interface RenderQueueStats {
  running: number
  waiting: number
  /** Renders started since the queue was made. */
  started: number
  /** Renders refused (queue full or waited too long). */
  refused: number
}

/** At most `concurrency` tasks at once and a bounded line behind them; the rest are told to come back. */
export class RenderQueue {
  readonly concurrency: number
  readonly queueLimit: number
  private readonly maxWaitMs: number
  private running = 0
  private readonly line: Array<{ start: () => void; timer: NodeJS.Timeout }> = []
  private started = 0
  private refused = 0
  // A running average of how long a render takes, for an honest Retry-After.
  private averageMs = 1000

  constructor(options: RenderQueueOptions) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency))
    this.queueLimit = Math.max(0, Math.floor(options.queueLimit))
    this.maxWaitMs = options.maxWaitMs ?? 20_000
  }

  stats(): RenderQueueStats {
    return { running: this.running, waiting: this.line.length, started: this.started, refused: this.refused }
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++
    else {
      if (this.line.length >= this.queueLimit) {
        this.refused++
        throw unavailable('The image service is busy rendering other images. Try again shortly.', this.retryAfterSeconds())
      }
      // Woken with the finished render's slot already ours, so no newcomer can take it meanwhile.
      await new Promise<void>((resolve, reject) => {
        const entry = {
          start: () => {
            clearTimeout(entry.timer)
            resolve()
          },
          timer: setTimeout(() => {
            this.line.splice(this.line.indexOf(entry), 1)
            this.refused++
            reject(unavailable('The image service is busy rendering other images. Try again shortly.', this.retryAfterSeconds()))
          }, this.maxWaitMs),
        }
        this.line.push(entry)
      })
    }
    this.started++
    const began = Date.now()
    try {
      return await task()
    } finally {
      this.averageMs = this.averageMs * 0.8 + (Date.now() - began) * 0.2
      const next = this.line.shift()
      if (next) next.start()
      else this.running--
    }
  }

  private retryAfterSeconds(): number {
    const ahead = this.running + this.line.length
    return Math.min(60, (this.averageMs * ahead) / this.concurrency / 1000)
  }
}

/** libuv's worker threads: what UV_THREADPOOL_SIZE asked for when the process started, else 4. */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.UV_THREADPOOL_SIZE)
  return Number.isInteger(n) && n > 0 ? Math.min(n, 1024) : 4
}

/**
 * Renders at once: as asked, but always leaving two pool threads free, so a sign-in's scrypt (and
 * file reads) never wait behind renditions however many are asked for.
 */
export function renderSlots(asked: number, poolSize: number = threadPoolSize()): number {
  return Math.max(1, Math.min(Math.floor(asked), poolSize - 2))
}

// sharp's own default (1 on glibc without jemalloc, to limit memory fragmentation; else the cores).
const sharpDefaultThreads = sharp.concurrency()

export interface ImageServerOptions {
  /** Renders at once (see `renderSlots`). */
  renderConcurrency?: number
  /** Renders waiting for a slot before further ones get 503. */
  queueLimit?: number
  /** Largest resized rendition, width × height (dpr included). */
  maxPixels?: number
  /** Largest original that is rendered at all (originals themselves are always served). */
  maxInputPixels?: number
  /** A render still running after this long is abandoned with a 503. */
  renderTimeoutSeconds?: number
  /** How long a render may wait for a slot. */
  maxWaitMs?: number
}

export class ImageServer {
  private readonly cache: RenditionCache
  private readonly queue: RenderQueue
  private readonly maxPixels: number
  private readonly maxInputPixels: number
  private readonly timeoutSeconds: number

  constructor(cache: RenditionCache, options: ImageServerOptions = {}) {
    this.cache = cache
    this.queue = new RenderQueue({ concurrency: options.renderConcurrency ?? 2, queueLimit: options.queueLimit ?? 16, maxWaitMs: options.maxWaitMs })
    this.maxPixels = options.maxPixels ?? 50_000_000
    this.maxInputPixels = options.maxInputPixels ?? 100_000_000
    this.timeoutSeconds = options.renderTimeoutSeconds ?? 30
    // libvips threads per render: together the renders should not ask for more cores than there are.
    sharp.concurrency(Math.max(1, Math.min(sharpDefaultThreads, Math.floor(availableParallelism() / this.queue.concurrency))))
  }

  /** How busy rendering is (for tests and diagnostics). */
  renders(): RenderQueueStats & { concurrency: number; queueLimit: number } {
    return { ...this.queue.stats(), concurrency: this.queue.concurrency, queueLimit: this.queue.queueLimit }
  }

  /** A rendition of an original for the request's query string (the original itself when there is none that changes it). */
  async rendition(originalPath: string, file: string, params: URLSearchParams, accept: string): Promise<Rendition> {
    const match = imageFilePattern.exec(file)
    if (!match) throw httpError(404, `Image "${file}" not found`)
    const [, sha1, w, h, extension] = match as unknown as [string, string, string, string, string]
    if (!existsSync(originalPath)) throw httpError(404, `Image "${file}" not found`)
    const width = Number(w)
    const height = Number(h)
    const plan = planRendition(params, extension, width, height, accept)
    const identity =
      !plan.rect && plan.w === undefined && plan.h === undefined && !plan.blur && !plan.flip && !plan.orientation && !plan.invert &&
      plan.saturation === undefined && plan.format === extension && !params.has('q')
    if (identity) {
      return { body: readFileSync(originalPath), contentType: contentTypes[plan.format] ?? 'application/octet-stream', etag: `"${sha1}"`, varyAccept: plan.varyAccept, download: plan.download }
    }
    this.checkLimits(plan, width, height)
    const { download: _d, varyAccept: _v, ...shape } = plan
    const key = createHash('sha256').update(`${file}\u0000${JSON.stringify(shape)}`).digest('hex').slice(0, 40)
    const ext = plan.format === 'pjpg' ? 'jpg' : plan.format
    // Inside the cache's make: identical requests in flight share one render and one queue slot.
    const body = await this.cache.get(`${key}.${ext}`, () =>
      this.queue.run(async () => {
        const limits = { maxInputPixels: this.maxInputPixels, maxOutputPixels: this.maxPixels, deadline: Date.now() + this.timeoutSeconds * 1000 }
        try {
          return await render(readFileSync(originalPath), plan, limits)
        } catch (error) {
          const message = (error as Error).message
          if (/^timeout/i.test(message)) {
            throw unavailable(`Rendering this image took over ${this.timeoutSeconds} s and was abandoned; ask for a smaller size or less blur.`, this.timeoutSeconds)
          }
          throw httpError(400, `The image could not be rendered with these parameters: ${message}`)
        }
      }),
    )
    return { body, contentType: contentTypes[plan.format], etag: `"${key}"`, varyAccept: plan.varyAccept, download: plan.download }
  }

  /** Refuses, before any work, renditions whose original or result is too large. */
  private checkLimits(plan: Plan, width: number, height: number): void {
    if (width * height > this.maxInputPixels) {
      throw httpError(400, `This image is too large to render (${width}x${height}, ${width * height} pixels; the limit is ${this.maxInputPixels}). The original is served without parameters.`)
    }
    if (plan.w === undefined && plan.h === undefined) return
    const out = outputSize(plan, width, height)
    if (out.width > MAX_DIMENSION || out.height > MAX_DIMENSION) {
      throw httpError(400, `The rendition would be ${out.width}x${out.height}; neither side may exceed ${MAX_DIMENSION} pixels (w and h count dpr)`)
    }
    if (out.width * out.height > this.maxPixels) {
      throw httpError(400, `The rendition would be ${out.width}x${out.height} (${out.width * out.height} pixels); the limit is ${this.maxPixels} pixels (w × h × dpr²)`)
    }
  }
}
