// Which reader pages the whole app takes over (docs/decisions/031-islands.md): an editor's preview
// and a page that failed. Every other reader page is a document: rendered on the server, sent with
// only its islands' script (or none), and never hydrated as a whole.

/** Routes whose interactive parts are not islands yet, hydrated whole as before: none today. */
const wholeAppRoutes: ReadonlySet<string> = new Set<string>()

/** Routes whose not-found view shows a signed-in editor their draft, which needs the session only the browser has. */
const draftPreviewRoutes: ReadonlySet<string> = new Set(['/article/$slug'])

export interface RenderedMatch {
  routeId: string
}

/**
 * Whether the page at `search` (the address's query, parsed) that rendered `matches` with `status`
 * needs the whole app in the browser. An editor's preview (`?preview`, or a draft behind an article's
 * not-found page) always does; so does a page that failed (its error view offers Try again).
 */
export function needsWholeApp(matches: readonly RenderedMatch[], search: Readonly<Record<string, unknown>>, status: number): boolean {
  if (status >= 500) return true
  if ('preview' in search) return true
  return matches.some((match) => wholeAppRoutes.has(match.routeId) || (status === 404 && draftPreviewRoutes.has(match.routeId)))
}
