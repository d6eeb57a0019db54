// Where the reader's content and forms go: the build's configuration (VITE_SANITY_*), or else the
// page's own origin, read when asked, never when the module loads, so the module loads on the server.
// Apart from the reader client so a form can know where to send without loading @sanity/client.

import { contentConfig, type ContentConfig } from '../../../shared/contentConfig.ts'

export function readerConfig(origin: string = window.location.origin): ContentConfig {
  return contentConfig(import.meta.env as unknown as Record<string, string>, origin)
}
