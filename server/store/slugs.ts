// An article's slug is its address (`/article/{slug}`), so no two articles may share one. The
// admin form checks before saving, but the service is where a write is accepted, so it enforces the
// rule for every writer: the form, scripts with a token, imports.

import { mutationError, type ApiError } from '../errors.ts'
import { publishedIdOf } from './ids.ts'
import type { Change, Doc } from './mutations.ts'

const SLUGGED_TYPE = 'article'

function slugOf(doc: Doc | null): string | null {
  if (!doc || doc._type !== SLUGGED_TYPE) return null
  const slug = (doc.slug as { current?: unknown } | undefined)?.current
  return typeof slug === 'string' && slug !== '' ? slug : null
}

/**
 * Throws the protocol's 409 when a transaction would give one slug to two articles. `holders`
 * names the stored documents of a type with a slug, before the transaction (the store reads them
 * from the slug index in SQLite), so a write checks its own documents only, never the whole
 * dataset. A draft and its published article are one article and may share their slug.
 */
export function checkSlugs(changes: readonly Change[], holders: (type: string, slug: string) => Iterable<string>): void {
  const leaving = new Set(changes.map((c) => c.id))
  const claimed = new Map<string, string>()
  for (const change of changes) {
    const slug = slugOf(change.after)
    if (!slug) continue
    const article = publishedIdOf(change.id)
    const others = [...holders(SLUGGED_TYPE, slug)].filter((id) => !leaving.has(id) && publishedIdOf(id) !== article)
    const sameTransaction = claimed.get(slug)
    const taken = others[0] ?? (sameTransaction !== undefined && sameTransaction !== article ? sameTransaction : undefined)
    if (taken !== undefined) throw conflict(change, slug, taken)
    claimed.set(slug, article)
  }
}

function conflict(change: Change, slug: string, holder: string): ApiError {
  return mutationError(409, [
    {
      index: change.mutations[change.mutations.length - 1] ?? 0,
      error: {
        type: 'slugConflictError',
        id: change.id,
        slug,
        description: `The slug "${slug}" is already used by another article ("${publishedIdOf(holder)}")`,
      },
    },
  ])
}
