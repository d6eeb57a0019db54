// The bounds of what editors type (shared/slug.ts), enforced where a write is accepted: the admin's
// forms check them first, but scripts with a token and imports write here too. A write that breaks
// one is refused whole with the protocol's 400, naming the document and the field.

import { isReservedSlug, reservedSlugMessage } from '../../shared/paths.ts'
import { boundMessages, maxExcerptLength, maxTitleLength, slugProblem } from '../../shared/slug.ts'
import { mutationError, type ApiError } from '../errors.ts'
import type { Change, Doc } from './mutations.ts'
import { liveUpdateProblem, secondPin, type PinnedOf } from './liveUpdates.ts'
import { liveUpdateMessages } from '../../shared/liveBlog.ts'

/** The document types whose slug is an address, and the field that holds each one's title. */
const bounded: Record<string, { title: string; excerpt?: string; reserved?: true }> = {
  article: { title: 'title', excerpt: 'excerpt' },
  imageGallery: { title: 'title' },
  category: { title: 'title', reserved: true },
  author: { title: 'name', reserved: true },
}

const slugOf = (doc: Doc | null): unknown => (doc?.slug as { current?: unknown } | undefined)?.current

/**
 * What is wrong with the document a change writes, or null. Only a field the change sets or
 * changes is judged, so a document stored before a bound existed can still be edited elsewhere.
 */
export function boundProblem(change: Change): { field: string; message: string } | null {
  const doc = change.after
  if (!doc) return null
  const update = liveUpdateProblem(doc)
  if (update) return update
  const rule = bounded[doc._type]
  if (!rule) return null
  const before = change.before?._type === doc._type ? change.before : null
  const changed = (value: unknown, was: unknown) => before === null || value !== was

  const slug = slugOf(doc)
  if (doc.slug !== undefined && changed(slug, slugOf(before))) {
    if (typeof slug !== 'string') return { field: 'slug', message: 'Slug must be text, in slug.current.' }
    const problem = slugProblem(slug)
    if (problem) return { field: 'slug', message: problem }
    if (rule.reserved && isReservedSlug(slug)) return { field: 'slug', message: reservedSlugMessage(slug) }
  }
  const title = doc[rule.title]
  if (typeof title === 'string' && title.length > maxTitleLength && changed(title, before?.[rule.title])) {
    return { field: rule.title, message: rule.title === 'name' ? `Name must be at most ${maxTitleLength} characters long.` : boundMessages.titleLong }
  }
  if (rule.excerpt) {
    const excerpt = doc[rule.excerpt]
    if (typeof excerpt === 'string' && excerpt.length > maxExcerptLength && changed(excerpt, before?.[rule.excerpt])) {
      return { field: rule.excerpt, message: boundMessages.excerptLong }
    }
  }
  return null
}

/**
 * Throws the protocol's 400 for the first change that breaks a bound. `pinnedOf`, a blog's pinned
 * updates as stored before the transaction, lets it refuse a second pinned update of a live blog.
 */
export function checkBounds(changes: readonly Change[], pinnedOf?: PinnedOf): void {
  for (const change of changes) {
    const problem = boundProblem(change)
    if (!problem) continue
    throw boundError(change, problem)
  }
  const pinned = pinnedOf && secondPin(changes, pinnedOf)
  if (pinned) throw boundError(pinned, { field: 'isPinned', message: liveUpdateMessages.pinnedTwice })
}

function boundError(change: Change, problem: { field: string; message: string }): ApiError {
  return mutationError(400, [
    {
      index: change.mutations[change.mutations.length - 1] ?? 0,
      error: {
        type: 'validationError',
        id: change.id,
        field: problem.field,
        description: problem.message,
      },
    },
  ])
}
