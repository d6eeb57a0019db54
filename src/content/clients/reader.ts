// The one content client of the browser app: published perspective, no token, no CDN (the spec's
// configuration). Admin code builds its own authorised client from the signed-in session.
// The page's origin is read when a client is first made, never when the module loads, so the
// module loads on the server too (an island's code is imported by both).

import { createClient, type SanityClient } from '@sanity/client'
import type { ContentConfig } from '../../../shared/contentConfig.ts'
import { readerConfig } from './readerConfig.ts'

export function createReaderClient(c: ContentConfig = readerConfig()): SanityClient {
  return createClient({
    projectId: c.projectId,
    dataset: c.dataset,
    apiVersion: c.apiVersion,
    useCdn: false,
    perspective: 'published',
    ...(c.apiHost ? { apiHost: c.apiHost, useProjectHostname: false } : {}),
  })
}

let shared: SanityClient | null = null

/** The page's reader client, made on first use and then shared by the page's parts. */
export function readerClient(): SanityClient {
  shared ??= createReaderClient()
  return shared
}
