// When a story went live and when it last changed, as readers are told (docs/decisions/
// 016-publication-dates-and-corrections.md). One rule for every way a story is published: the
// article form's Save Article with Published on (src/content/admin/articleForm/transaction.ts) and
// a schedule when it fires (server/schedules/runner.ts).
//
// Photo essays are dated by the same rule (src/content/admin/photoEssayForm/save.ts), their own
// fields read (`essayFields`).
//
// `publishedAt` is fixed when a story first goes live, never while it is a draft: a story drafted
// for an hour goes out as new, not "1 hour ago". A date the editor typed in the form is theirs and
// is kept. `updatedAt` is the paper's own "Updated" time, set when a published story is published
// again with something a reader reads changed (a correction included), so read counts, homepage
// flags and a save that changes nothing never make a story look amended.

/** The fields a reader reads: publishing a change to any of them over a live story is an update. */
export const storyFields = ['title', 'slug', 'excerpt', 'body', 'mainImage', 'author', 'categories', 'mediaType', 'video', 'videoUrl', 'corrections'] as const

/** The same for a photo essay (`imageGallery`): its words, its photographer and its pictures with theirs. */
export const essayFields = ['title', 'slug', 'description', 'photographer', 'images', 'categories'] as const

/** The fields a reader reads of a document of this type. */
function fieldsRead(type: unknown): readonly string[] {
  return type === 'imageGallery' ? essayFields : storyFields
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A value as a reader meets it: `_key`s left out (they name array members, and the editor makes new
 * ones for spans and links on every save), and a Portable Text span's marks naming a link by key
 * replaced by the link itself.
 */
function readerView(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(readerView)
  if (!isRecord(value)) return value ?? null
  const defs = new Map<string, unknown>()
  if (Array.isArray(value.markDefs)) for (const def of value.markDefs) if (isRecord(def) && typeof def._key === 'string') defs.set(def._key, readerView(def))
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) {
    if (key === '_key' || key === 'markDefs' || child === undefined) continue
    if (key === 'children' && Array.isArray(child) && defs.size > 0) {
      out.children = child.map((span) => (isRecord(span) && Array.isArray(span.marks) ? readerView({ ...span, marks: span.marks.map((mark) => (typeof mark === 'string' && defs.has(mark) ? defs.get(mark) : mark)) }) : readerView(span)))
    } else out[key] = readerView(child)
  }
  return out
}

/** JSON with object keys in order, so two documents built by different code compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (isRecord(value)) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/** Whether anything a reader reads differs between two versions of a story. */
export function storyChanged(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  return fieldsRead(after._type ?? before._type).some((field) => canonical(readerView(before[field])) !== canonical(readerView(after[field])))
}

/** A date-time string that is a real date, as given; null otherwise. */
function dateOf(value: unknown): string | null {
  return typeof value === 'string' && !Number.isNaN(new Date(value).getTime()) ? value : null
}

export interface PublicationDates {
  publishedAt: string
  /** Absent until the live story is first changed. */
  updatedAt?: string
}

/**
 * The dates a story carries when `next` is published over `live` (the version readers have now, or
 * null when they have none) at `now`:
 * - `publishedAt`: the one `next` carries (the live story's, kept by the form, or a date the
 *   editor set), else the live story's, else now: the moment it first goes live.
 * - `updatedAt`: now when readers had a version and something they read has changed; otherwise the
 *   one the story already had, if any.
 */
export function publicationDates(next: Record<string, unknown>, live: Record<string, unknown> | null, now: Date): PublicationDates {
  const publishedAt = dateOf(next.publishedAt) ?? dateOf(live?.publishedAt) ?? now.toISOString()
  const dates: PublicationDates = { publishedAt }
  const updatedAt = live && storyChanged(live, next) ? now.toISOString() : (dateOf(next.updatedAt) ?? dateOf(live?.updatedAt))
  if (updatedAt && new Date(updatedAt).getTime() > new Date(publishedAt).getTime()) dates.updatedAt = updatedAt
  return dates
}

/** `doc` with the dates publishing it over `live` at `now` gives it. */
export function withPublicationDates<T extends Record<string, unknown>>(doc: T, live: Record<string, unknown> | null, now: Date): T {
  const { publishedAt, updatedAt } = publicationDates(doc, live, now)
  const out: Record<string, unknown> = { ...doc, publishedAt }
  if (updatedAt) out.updatedAt = updatedAt
  else delete out.updatedAt
  return out as T
}

/**
 * The field of a draft of a live story naming the published revision it was made from (docs/
 * decisions/025-drafts-based-on-revisions.md). It belongs to the draft alone: a published copy
 * never carries it.
 */
export const basedOnRevisionField = 'basedOnRevision'

/**
 * What a draft records when no one knows which published revision it came from (a draft older than
 * the published version, written before drafts recorded it): it matches no revision, so publishing
 * that draft is refused until an editor has compared it and chosen to keep editing it.
 */
export const unknownRevision = ''

/**
 * Which published revision a draft is based on, and whether that is still what readers see: stale
 * when the live story changed after the draft was made, so publishing the draft as it is would undo
 * that change. One rule for the article form and for a schedule when it fires.
 */
export function draftBasis(draft: Record<string, unknown> | null, published: Record<string, unknown> | null): { basedOn: string | null; stale: boolean } {
  if (!published) return { basedOn: null, stale: false }
  const current = typeof published._rev === 'string' ? published._rev : null
  if (!draft) return { basedOn: current, stale: false }
  const recorded = draft[basedOnRevisionField]
  if (typeof recorded === 'string') return { basedOn: recorded, stale: recorded !== current }
  // A draft that records nothing: made before the published version's last change when it is older.
  const draftAt = typeof draft._updatedAt === 'string' ? Date.parse(draft._updatedAt) : NaN
  const publishedAt = typeof published._updatedAt === 'string' ? Date.parse(published._updatedAt) : NaN
  const older = Number.isFinite(draftAt) && Number.isFinite(publishedAt) && draftAt < publishedAt
  return older ? { basedOn: unknownRevision, stale: true } : { basedOn: current, stale: false }
}
