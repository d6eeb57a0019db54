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

/**
 * The fetch option that names the listen event a refetch follows (`lastLiveEventId`, as
 * @sanity/client sends it): the embedded service lets an edge cache keep that answer, so the pages
 * that heard the event are answered by one query of the service (decision 036). Nothing for hosted
 * Sanity, whose event ids are its Live Content API's, not a listen stream's transactions.
 */
export function afterEvent(transactionId: string | null, c: ContentConfig = readerConfig()): { lastLiveEventId?: string } {
  return transactionId !== null && c.apiHost !== null ? { lastLiveEventId: transactionId } : {}
}
