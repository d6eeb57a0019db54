// The bounds of a live blog's update (shared/liveBlog.ts), held where every write is accepted, as
// bounds.ts holds an article's: the desk checks them first, but scripts with a token write here too.

import { liveUpdateMessages, liveUpdateType, maxLiveUpdateBodyNodes, maxLiveUpdateHeadlineLength } from '../../shared/liveBlog.ts'
import { isPathId } from './ids.ts'
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

/**
 * The change that would leave a second published update of one blog pinned, or null. Only a write
 * that pins looks further, through the documents already stored: pinning is rare, posting is not,
 * so posting an ordinary update never reads another document.
 */
export function secondPin(changes: readonly Change[], docs: { values(): Iterable<Doc> }): Change | null {
  const pinning = changes.filter((change) => pinnedBlog(change.after) !== null && pinnedBlog(change.before) !== pinnedBlog(change.after))
  if (pinning.length === 0) return null
  const changed = new Map(changes.map((change) => [change.id, change.after]))
  const pinnedPerBlog = new Map<string, number>()
  const count = (doc: Doc | null | undefined) => {
    const blog = pinnedBlog(doc)
    if (blog !== null) pinnedPerBlog.set(blog, (pinnedPerBlog.get(blog) ?? 0) + 1)
  }
  for (const doc of docs.values()) if (!changed.has(doc._id)) count(doc)
  for (const after of changed.values()) count(after)
  return pinning.find((change) => (pinnedPerBlog.get(pinnedBlog(change.after) as string) ?? 0) > 1) ?? null
}
