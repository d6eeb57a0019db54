// The article form's main image goes to the content service's assets before the article is saved;
// the form keeps only the asset's id, and shows the upload's progress meanwhile.

import type { ImageUploadingClient } from '../contentService.ts'

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
