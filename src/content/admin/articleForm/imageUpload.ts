// The article form's main image goes to the content service's assets before the article is saved;
// the form keeps only the asset's id, and shows the upload's progress meanwhile.

import type { ImageUploadingClient, UploadEvent } from '../contentService.ts'

/**
 * Uploads an image to the content service's assets and returns its asset id. In a browser the
 * client uploads with XHR, whose progress events arrive here as percentages.
 */
export function uploadImageAsset(client: ImageUploadingClient, file: File, onProgress: (percent: number) => void): Promise<{ assetRef: string }> {
  return new Promise((resolve, reject) => {
    client.observable.assets.upload('image', file, { filename: file.name }).subscribe({
      next: (event) => {
        if (event.type === 'progress' && event.stage === 'upload') onProgress(Math.max(0, Math.min(100, event.percent)))
        else if (event.type === 'response') resolve({ assetRef: event.body.document._id })
      },
      error: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    })
  })
}

/** A client that uploads files (the article's video) to the content service's assets. */
export interface FileUploadingClient {
  observable: {
    assets: {
      upload(
        assetType: 'file',
        body: File,
        options: { filename: string; contentType?: string },
      ): { subscribe(observer: { next: (event: UploadEvent) => void; error: (error: unknown) => void }): unknown }
    }
  }
}

/**
 * Uploads a video article's file as a file asset and returns its asset id. The service reads the
 * bytes to decide whether it is a video it serves (MP4 or WebM) and refuses anything else.
 */
export function uploadVideoAsset(client: FileUploadingClient, file: File, onProgress: (percent: number) => void): Promise<{ assetRef: string }> {
  return new Promise((resolve, reject) => {
    client.observable.assets.upload('file', file, { filename: file.name, contentType: file.type || undefined }).subscribe({
      next: (event) => {
        if (event.type === 'progress' && event.stage === 'upload') onProgress(Math.max(0, Math.min(100, event.percent)))
        else if (event.type === 'response') resolve({ assetRef: event.body.document._id })
      },
      error: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    })
  })
}
