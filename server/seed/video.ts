// The demo newspaper's video clips, made when it seeds: a slow pan across an article's picture (a
// Ken Burns move) with the paper's caption band, encoded as H.264 in MP4 by a WebAssembly encoder
// that npm installs, so the demo plays real video with no download and no binary fixture. H.264 is
// what every browser plays, Debian's Chromium included (docs/decisions/015-video.md).

import { createRequire } from 'node:module'
import sharp from 'sharp'

// The encoder is CommonJS with named exports Node's ESM loader cannot see; require reads them.
// Its Emscripten runtime registers process-wide uncaughtException and unhandledRejection handlers
// as it loads (to abort the WebAssembly program); the service keeps its own, so those are removed.
const require = createRequire(import.meta.url)
const { createH264MP4Encoder } = withoutNewProcessHandlers(() => require('h264-mp4-encoder') as typeof import('h264-mp4-encoder'))

function withoutNewProcessHandlers<T>(load: () => T): T {
  const uncaught = new Set(process.listeners('uncaughtException'))
  const unhandled = new Set(process.listeners('unhandledRejection'))
  try {
    return load()
  } finally {
    for (const listener of process.listeners('uncaughtException')) if (!uncaught.has(listener)) process.removeListener('uncaughtException', listener)
    for (const listener of process.listeners('unhandledRejection')) if (!unhandled.has(listener)) process.removeListener('unhandledRejection', listener)
  }
}

export const CLIP_SIZE = { width: 320, height: 180 } as const

export interface ClipOptions {
  /** The picture the camera pans across (any size sharp reads; 16:9 looks best). */
  picture: Buffer
  /** One line over the picture, such as the story's headline. */
  caption: string
  seconds?: number
  framesPerSecond?: number
}

/** The share of the picture the camera sees, at the start and at the end of the move. */
const ZOOM_FROM = 0.92
const ZOOM_TO = 0.7

/** An MP4 of the picture panned and slowly zoomed, with the caption along the bottom. */
export async function renderClip({ picture, caption, seconds = 3, framesPerSecond = 12 }: ClipOptions): Promise<Buffer> {
  const { width, height } = CLIP_SIZE
  // Work from a copy twice the clip's size: every frame is a crop of it, sharp does the scaling.
  const sourceWidth = width * 2
  const sourceHeight = height * 2
  const source = await sharp(picture).resize(sourceWidth, sourceHeight, { fit: 'cover' }).removeAlpha().raw().toBuffer()
  const band = await captionBand(caption)
  const encoder = await createH264MP4Encoder()
  try {
    encoder.width = width
    encoder.height = height
    encoder.frameRate = framesPerSecond
    encoder.quantizationParameter = 34
    encoder.speed = 10
    encoder.groupOfPictures = framesPerSecond
    encoder.outputFilename = `clip-${process.pid}-${Date.now()}.mp4`
    encoder.initialize()
    const frames = Math.max(2, Math.round(seconds * framesPerSecond))
    for (let index = 0; index < frames; index++) {
      const t = ease(index / (frames - 1))
      const zoom = ZOOM_FROM + (ZOOM_TO - ZOOM_FROM) * t
      const cropWidth = Math.round(sourceWidth * zoom)
      const cropHeight = Math.round(sourceHeight * zoom)
      // Left to right, and a little downwards, across the picture.
      const left = Math.round((sourceWidth - cropWidth) * t)
      const top = Math.round((sourceHeight - cropHeight) * (0.3 + 0.4 * t))
      const frame = await sharp(source, { raw: { width: sourceWidth, height: sourceHeight, channels: 3 } })
        .extract({ left, top, width: cropWidth, height: cropHeight })
        .resize(width, height)
        .ensureAlpha()
        .raw()
        .toBuffer()
      encoder.addFrameRgba(overlay(frame, band))
    }
    encoder.finalize()
    const bytes = Buffer.from(encoder.FS.readFile(encoder.outputFilename))
    encoder.FS.unlink(encoder.outputFilename)
    return withoutTimestamps(bytes)
  } finally {
    encoder.delete()
  }
}

/**
 * The movie, track and media headers carry the moment of encoding; zeroed (as "unknown"), the same
 * picture makes the same bytes, so every seed of the demo stores the same content-addressed clips.
 */
function withoutTimestamps(mp4: Buffer): Buffer {
  for (const box of ['mvhd', 'tkhd', 'mdhd']) {
    for (let at = mp4.indexOf(box); at >= 0; at = mp4.indexOf(box, at + 4)) {
      // After the type: a version byte and three of flags, then creation and modification times,
      // 32 bits each in version 0 and 64 in version 1.
      const width = mp4[at + 4] === 1 ? 16 : 8
      mp4.fill(0, at + 8, at + 8 + width)
    }
  }
  return mp4
}

/** Slow in, slow out: a camera move that starts and stops gently. */
function ease(t: number): number {
  return t * t * (3 - 2 * t)
}

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The caption band as RGBA the size of a frame: a dark strip with the paper's name and the line. */
async function captionBand(caption: string): Promise<Buffer> {
  const { width, height } = CLIP_SIZE
  const line = caption.length > 44 ? `${caption.slice(0, 43).trimEnd()}…` : caption
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="0" y="${height - 40}" width="${width}" height="40" fill="#000" fill-opacity="0.62"/>
    <text x="10" y="${height - 25}" font-family="sans-serif" font-size="10" font-weight="700" fill="#ffcf4a" letter-spacing="1">RESONANCE VIDEO</text>
    <text x="10" y="${height - 10}" font-family="sans-serif" font-size="12" fill="#fff">${escapeXml(line)}</text>
  </svg>`
  return sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer()
}

/** The band laid over a frame by its alpha. */
function overlay(frame: Buffer, band: Buffer): Buffer {
  for (let i = 0; i < frame.length; i += 4) {
    const alpha = (band[i + 3] as number) / 255
    if (alpha === 0) continue
    for (let c = 0; c < 3; c++) frame[i + c] = Math.round((band[i + c] as number) * alpha + (frame[i + c] as number) * (1 - alpha))
  }
  return frame
}
