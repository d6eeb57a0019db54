// A video article's player source: the uploaded file's address, written from its asset reference the
// way pictures' addresses are (shared/images.ts), so it is this origin's /files/... on the embedded
// service and Sanity's CDN for a hosted project, whatever base the asset's stored `url` was given
// when it was uploaded (the demo seeds before it knows its public address). Pure: components may use it.

import { contentConfig, type ContentEnv } from '../../../shared/contentConfig.ts'

/** The `video` field as the article query selects it: the file's reference and its asset's type. */
export interface ArticleVideo {
  asset?: { _ref?: string } | null
  /** The asset's `mimeType`; null when the asset is gone. */
  mimeType?: string | null
}

export interface VideoSource {
  src: string
  /** `video/mp4` or `video/webm`. */
  type: string
}

export interface FileHost {
  projectId: string
  dataset: string
  /** '' for this origin (relative URLs), else an absolute base such as https://cdn.sanity.io. */
  baseUrl: string
}

const fileRef = /^file-([a-f0-9]{40})-([a-z0-9]{1,8})$/
const playable = new Set(['video/mp4', 'video/webm'])

function buildTimeHost(): FileHost {
  const config = contentConfig(import.meta.env as unknown as ContentEnv, '')
  return { projectId: config.projectId, dataset: config.dataset, baseUrl: config.imageBaseUrl }
}

/** Where the player finds the video, or null when there is none it can play (no file, a deleted asset, another type). */
export function videoSource(video: ArticleVideo | null | undefined, host: FileHost = buildTimeHost()): VideoSource | null {
  const m = fileRef.exec(typeof video?.asset?._ref === 'string' ? video.asset._ref : '')
  const type = video?.mimeType
  if (!m || typeof type !== 'string' || !playable.has(type)) return null
  return { src: `${host.baseUrl}/files/${encodeURIComponent(host.projectId)}/${encodeURIComponent(host.dataset)}/${m[1]}.${m[2]}`, type }
}
