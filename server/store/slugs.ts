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
 * Which documents hold each article slug, kept current by every transaction so a write checks its
 * own documents only, never the whole dataset. A draft and its published article are one article
 * and may share their slug.
 */
export class SlugIndex {
  private readonly holders = new Map<string, Set<string>>()

  constructor(docs: Iterable<Doc>) {
    for (const doc of docs) this.add(doc)
  }

  /** Throws the protocol's 409 when the transaction would give one slug to two articles. */
  check(changes: readonly Change[]): void {
    const leaving = new Set(changes.map((c) => c.id))
    const claimed = new Map<string, string>()
    for (const change of changes) {
      const slug = slugOf(change.after)
      if (!slug) continue
      const article = publishedIdOf(change.id)
      const others = [...(this.holders.get(slug) ?? [])].filter((id) => !leaving.has(id) && publishedIdOf(id) !== article)
      const sameTransaction = claimed.get(slug)
      const taken = others[0] ?? (sameTransaction !== undefined && sameTransaction !== article ? sameTransaction : undefined)
      if (taken !== undefined) throw conflict(change, slug, taken)
      claimed.set(slug, article)
    }
  }

  apply(changes: readonly Change[]): void {
    for (const change of changes) {
      if (change.before) this.remove(change.before)
      if (change.after) this.add(change.after)
    }
  }

  private add(doc: Doc): void {
    const slug = slugOf(doc)
    if (!slug) return
    const set = this.holders.get(slug)
    if (set) set.add(doc._id)
    else this.holders.set(slug, new Set([doc._id]))
  }

  private remove(doc: Doc): void {
    const slug = slugOf(doc)
    if (!slug) return
    const set = this.holders.get(slug)
    set?.delete(doc._id)
    if (set?.size === 0) this.holders.delete(slug)
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
