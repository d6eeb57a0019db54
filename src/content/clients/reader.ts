// The one content client of the browser app: published perspective, no token, no CDN (the spec's
// configuration). Admin code builds its own authorised client from the signed-in session.

import { createClient, type SanityClient } from '@sanity/client'
import { contentConfig, type ContentConfig } from '../../../shared/contentConfig.ts'

export const config: ContentConfig = contentConfig(import.meta.env as unknown as Record<string, string>, window.location.origin)

export function createReaderClient(c: ContentConfig = config): SanityClient {
  return createClient({
    projectId: c.projectId,
    dataset: c.dataset,
    apiVersion: c.apiVersion,
    useCdn: false,
    perspective: 'published',
    ...(c.apiHost ? { apiHost: c.apiHost, useProjectHostname: false } : {}),
  })
}

export const readerClient = createReaderClient()
