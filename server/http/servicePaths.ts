// Which paths belong to the content service and are never reader pages: one rule for the three
// places that decide it. The service answers them in JSON (a 404 or a 400 when no route takes one,
// server/http/handler.ts), the render tier passes them to the service (server/render/tier.ts), and
// Varnish sends them to the service's backend (deploy/varnish/default.vcl, which cannot import this:
// servicePaths.test.ts holds its regular expressions to the same sample paths).

/** A path under one of the API's versions: v1, vX or a date (vYYYY-MM-DD). */
export const apiVersionPath = /^\/v(1|X|\d{4}-\d{2}-\d{2})\//

/**
 * Paths meant for the API whatever their version: a first segment that is or looks like one (`v`,
 * `v0`, `vX1`, `v2023-5-3`), or any `/v…/` into one of the API's areas. Other paths that start with
 * v (`/videos`, `/video-journal`) are the app's.
 */
const apiLikePath = /^\/v(?:[\dxX][^/]*)?(?:\/|$)|^\/v[^/]*\/(?:data|assets|check|ping)(?:\/|$)/

/**
 * The service's areas (images, files, sign-in, the newsroom's endpoints, sitemaps, a reader's
 * newsletter preferences: personal, so never a cached page) and its single files.
 */
const serviceArea = /^\/(?:images|files|auth|newsroom|sitemaps|newsletters)(?:\/|$)|^\/(?:rss\.xml|sitemap\.xml|robots\.txt|health)$/

/** Every feed is `…/rss.xml`: the paper's, a section's, a topic's, an author's. */
const feed = /\/rss\.xml$/

/** Whether a path is the API's, at a version it has or not (a bad version is the API's 400). */
export function isApiLikePath(pathname: string): boolean {
  return apiLikePath.test(pathname)
}

/** Whether the content service answers this path (never a reader page), by its pathname alone. */
export function isServicePath(pathname: string): boolean {
  return apiLikePath.test(pathname) || serviceArea.test(pathname) || feed.test(pathname)
}
