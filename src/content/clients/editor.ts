// The admin's content client: the signed-in editor's token, every perspective, no CDN. Admin code
// only (the reader bundle never includes it); the server checks every write against the token's role.

import { createClient, type SanityClient } from '@sanity/client'
import { contentConfig } from '../../../shared/contentConfig.ts'

export function createAdminClient(token: string): SanityClient {
  const c = contentConfig(import.meta.env as unknown as Record<string, string>, window.location.origin)
  return createClient({
    projectId: c.projectId,
    dataset: c.dataset,
    apiVersion: c.apiVersion,
    useCdn: false,
    token,
    perspective: 'raw',
    // A failed write must surface at once, never be sent twice.
    maxRetries: 0,
    ...(c.apiHost ? { apiHost: c.apiHost, useProjectHostname: false } : {}),
  })
}
