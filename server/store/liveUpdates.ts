// The bounds of a live blog's update (shared/liveBlog.ts), held where every write is accepted, as
// bounds.ts holds an article's: the desk checks them first, but scripts with a token write here too.

import { liveUpdateMessages, liveUpdateType, maxLiveUpdateBodyNodes, maxLiveUpdateHeadlineLength } from '../../shared/liveBlog.ts'
import type Database from 'better-sqlite3'
import { isPathId } from './ids.ts'
import { scopedFieldName, sortKey } from './documentColumns.ts'
import type { Change, Doc } from './mutations.ts'

export interface FieldProblem {
  field: string
  message: string
}

const isDate = (value: unknown): boolean => typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value))

/** What is wrong with an update a write leaves, or null (for any other document too). */
export function liveUpdateProblem(doc: Doc | null): FieldProblem | null {
  if (!doc || doc._type !== liveUpdateType) return null
  const blog = doc.liveBlog as { _ref?: unknown } | undefined
  if (typeof blog !== 'object' || blog === null || typeof blog._ref !== 'string' || blog._ref === '') return { field: 'liveBlog', message: liveUpdateMessages.blogMissing }
  if (isPathId(blog._ref)) return { field: 'liveBlog', message: liveUpdateMessages.blogDraft }
  if (!isDate(doc.publishedAt)) return { field: 'publishedAt', message: liveUpdateMessages.publishedAt }
  if (doc.updatedAt !== undefined && !isDate(doc.updatedAt)) return { field: 'updatedAt', message: 'updatedAt must be a date and time.' }
  if (doc.headline !== undefined && doc.headline !== null) {
    if (typeof doc.headline !== 'string' || doc.headline.length > maxLiveUpdateHeadlineLength) return { field: 'headline', message: liveUpdateMessages.headlineLong }
  }
  if (!Array.isArray(doc.body) || doc.body.length === 0) return { field: 'body', message: liveUpdateMessages.bodyMissing }
  if (doc.body.length > maxLiveUpdateBodyNodes) return { field: 'body', message: liveUpdateMessages.bodyLong }
  for (const field of ['isKeyEvent', 'isPinned'] as const) {
    if (doc[field] !== undefined && typeof doc[field] !== 'boolean') return { field, message: liveUpdateMessages.flag(field) }
  }
  return null
}

const pinnedBlog = (doc: Doc | null | undefined): string | null =>
  doc && doc._type === liveUpdateType && doc.isPinned === true && !isPathId(doc._id) ? ((doc.liveBlog as { _ref?: string } | undefined)?._ref ?? null) : null

/** The stored published updates of a blog that are pinned. */
export type PinnedOf = (blog: string) => string[]

/**
 * A blog's pinned updates as stored, from the keys written for that blog alone
 * (documentColumns.ts, `scopedKeys`: `isPinned@liveBlog._ref={blog}`): one index lookup, no
 * document read, however many updates the dataset holds.
 */
export class PinnedUpdates {
  private readonly statement

  private readonly pending
  private readonly updates

  constructor(db: Database.Database) {
    this.statement = db.prepare('SELECT id FROM document_keys WHERE dataset = ? AND type = ? AND field = ? AND key = ?').pluck()
    this.pending = db.prepare("SELECT 1 FROM document_keys_pending WHERE dataset = ? AND family IN ('isPinned@liveBlog._ref', '*')")
    this.updates = db.prepare('SELECT doc FROM documents WHERE dataset = ? AND type = ? ORDER BY id').pluck()
  }

  of(dataset: string, blog: string): string[] {
    // While these keys are being written again after an upgrade (keyRefill.ts), from the updates themselves.
    if (this.pending.get(dataset) !== undefined) {
      return (this.updates.all(dataset, liveUpdateType) as string[]).flatMap((json) => {
        const doc = JSON.parse(json) as Doc
        return pinnedBlog(doc) === blog ? [doc._id] : []
      })
    }
    return (this.statement.all(dataset, liveUpdateType, scopedFieldName('isPinned', 'liveBlog._ref', blog), sortKey(true)) as string[]).filter((id) => !isPathId(id))
  }
}

/** The blogs a transaction pins an update of: a published update pinned now that was not pinned in that blog before. */
function blogsPinned(changes: readonly Change[]): Set<string> {
  const blogs = new Set<string>()
  for (const change of changes) {
    const blog = pinnedBlog(change.after)
    if (blog !== null && pinnedBlog(change.before) !== blog) blogs.add(blog)
  }
  return blogs
}

/**
 * The pin moves: the stored updates a transaction leaves pinned beside the one it pins, in each
 * blog it pins an update of, to be unpinned in the same transaction. The desk lists only the
 * newest updates, and a script may pin without looking, so the service finds them. Posting an
 * update that is not pinned reads nothing.
 */
export function pinsToMove(changes: readonly Change[], pinnedOf: PinnedOf): string[] {
  const changed = new Set(changes.map((change) => change.id))
  return [...blogsPinned(changes)].flatMap((blog) => pinnedOf(blog).filter((id) => !changed.has(id)))
}

/**
 * The change that would leave a second published update of one blog pinned, or null: after
 * pinsToMove, only a transaction that itself pins two updates of one blog.
 */
export function secondPin(changes: readonly Change[], pinnedOf: PinnedOf): Change | null {
  const blogs = blogsPinned(changes)
  if (blogs.size === 0) return null
  const changed = new Set(changes.map((change) => change.id))
  const pinnedPerBlog = new Map<string, number>()
  const count = (blog: string | null, by = 1) => {
    if (blog !== null && blogs.has(blog)) pinnedPerBlog.set(blog, (pinnedPerBlog.get(blog) ?? 0) + by)
  }
  for (const blog of blogs) count(blog, pinnedOf(blog).filter((id) => !changed.has(id)).length)
  for (const change of changes) count(pinnedBlog(change.after))
  return changes.find((change) => blogs.has(pinnedBlog(change.after) ?? '') && pinnedBlog(change.before) !== pinnedBlog(change.after) && (pinnedPerBlog.get(pinnedBlog(change.after)!) ?? 0) > 1) ?? null
}
