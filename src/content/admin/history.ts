// An article's history for the admin's History panel and Recently deleted list: its revisions as
// the History API lists them, the article as a revision left it, what changed against the version
// the form shows now, and the writes that bring a revision or a deleted article back. Restoring
// never rewrites history: it is a new save (a new revision on top), guarded like the form's own.
// Pure apart from the `fetch`/`mutate` a caller hands in, so the route stays thin and this is tested here.

import { cleanupSemantic, DIFF_DELETE, DIFF_INSERT, makeDiff } from '@sanity/diff-match-patch'
import { editionTimeZone } from '../format/dates.ts'
import { valuesFromDocument, type StoredArticle } from './articleForm/document.ts'
import type { SaveInput } from './articleForm/transaction.ts'

/** One revision of an article: the transaction that wrote it, who and when. */
export interface Revision {
  /** The transaction's id, which is also the revision's `_rev`. */
  id: string
  timestamp: string
  /** The writer's identity (a user id, or `robot:…` for an API token). */
  author: string
}

/** The ids an article's history spans: the published document and its draft. */
export function articleHistoryIds(id: string): [string, string] {
  return [id, `drafts.${id}`]
}

/** Revisions the panel lists at most, newest first; older ones stay in the History API. */
export const revisionsListed = 50

/** The History API's NDJSON transaction listing, as revisions. Lines that are not transactions are skipped. */
export function parseTransactions(ndjson: string): Revision[] {
  const revisions: Revision[] = []
  for (const line of ndjson.split('\n')) {
    if (line.trim() === '') continue
    try {
      const tx = JSON.parse(line) as Partial<Revision>
      if (typeof tx.id === 'string' && typeof tx.timestamp === 'string') revisions.push({ id: tx.id, timestamp: tx.timestamp, author: typeof tx.author === 'string' ? tx.author : '' })
    } catch {
      // A torn line says nothing about a revision.
    }
  }
  return revisions
}

/** The article a set of its documents shows: the draft over the published one, as the form loads it. */
export function shownArticle(documents: readonly StoredArticle[], id: string): StoredArticle | null {
  return documents.find((d) => d._id === `drafts.${id}`) ?? documents.find((d) => d._id === id) ?? null
}

const londonTime = new Intl.DateTimeFormat('en-GB', { timeZone: editionTimeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })

/** "24 Nov 2026, 09:05:12": when a revision was written, on London's clock (the edition's). */
export function revisionTime(timestamp: string): string {
  const date = new Date(timestamp)
  if (Number.isNaN(date.getTime())) return timestamp
  const p: Record<string, string> = {}
  for (const part of londonTime.formatToParts(date)) p[part.type] = part.value
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}:${p.second}`
}

/** Who wrote a revision, as the panel names them: their email, or what the identity is without one. */
export function authorName(identity: string, emails: ReadonlyMap<string, string | null>): string {
  const email = emails.get(identity)
  if (email) return email
  if (identity.startsWith('robot:')) return 'API token'
  return identity === '' ? 'Unknown' : identity
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const refOf = (value: unknown): string | null => (isRecord(value) && typeof value._ref === 'string' ? value._ref : null)

/** The ids of the authors and categories an article refers to, whose names the diff shows. */
export function referencedIds(...articles: Array<StoredArticle | null>): string[] {
  const ids = new Set<string>()
  for (const article of articles) {
    if (!article) continue
    const author = refOf(article.author)
    if (author) ids.add(author)
    for (const category of Array.isArray(article.categories) ? article.categories : []) {
      const ref = refOf(category)
      if (ref) ids.add(ref)
    }
  }
  return [...ids]
}

/** The names of referenced authors and categories, by id. */
export const referenceNamesQuery = `*[_id in $ids]{_id, "name": coalesce(name, title)}`

/** The Portable Text body as plain text: one paragraph per block, images as "[Image: alt]". */
export function bodyText(body: unknown): string {
  if (!Array.isArray(body)) return ''
  const paragraphs: string[] = []
  for (const node of body) {
    if (!isRecord(node)) continue
    if (node._type === 'block') {
      const children = Array.isArray(node.children) ? node.children : []
      paragraphs.push(children.map((child) => (isRecord(child) && typeof child.text === 'string' ? child.text : '')).join(''))
    } else if (node._type === 'image') {
      paragraphs.push(`[Image${typeof node.alt === 'string' && node.alt !== '' ? `: ${node.alt}` : ''}]`)
    }
  }
  return paragraphs.join('\n\n')
}

export type ChangeKind = 'changed' | 'added' | 'removed'

/** One field that differs between a revision and the current version. */
export interface FieldChange {
  field: string
  label: string
  kind: ChangeKind
  /** The field in the revision, as text ('' when it has none). */
  revision: string
  /** The field now, as text ('' when it has none). */
  current: string
}

export type TextDiffPart = { kind: 'same' | 'added' | 'removed'; text: string }

/** A field compared, as the text a diff shows of it (names: the authors and categories by id). */
export interface ComparedField {
  field: string
  label: string
  text: (doc: StoredArticle, names: ReadonlyMap<string, string>) => string
}

/** What the panel compares: the fields an editor writes, each as the text the diff shows. */
const comparedFields: readonly ComparedField[] = [
  { field: 'title', label: 'Title', text: (d) => stringField(d.title) },
  { field: 'slug', label: 'Slug', text: (d) => (isRecord(d.slug) ? stringField(d.slug.current) : '') },
  { field: 'excerpt', label: 'Excerpt', text: (d) => stringField(d.excerpt) },
  { field: 'author', label: 'Author', text: (d, names) => nameOf(refOf(d.author), names) },
  {
    field: 'categories',
    label: 'Categories',
    text: (d, names) =>
      (Array.isArray(d.categories) ? d.categories : [])
        .map((c) => nameOf(refOf(c), names))
        .filter((n) => n !== '')
        .join(', '),
  },
  { field: 'publishedAt', label: 'Publish date', text: (d) => (typeof d.publishedAt === 'string' ? revisionTime(d.publishedAt) : '') },
  { field: 'mediaType', label: 'Media type', text: (d) => stringField(d.mediaType) },
  { field: 'videoUrl', label: 'Video URL', text: (d) => stringField(d.videoUrl) },
  { field: 'mainImage', label: 'Main image', text: (d) => imageText(d.mainImage) },
  { field: 'isBreakingNews', label: 'Breaking News', text: (d) => flag(d.isBreakingNews) },
  { field: 'isLeadStory', label: 'Lead Story', text: (d) => flag(d.isLeadStory) },
  { field: 'isFeatured', label: 'Featured', text: (d) => flag(d.isFeatured) },
  { field: 'isLatestUpdate', label: 'Latest Update', text: (d) => flag(d.isLatestUpdate) },
  { field: 'body', label: 'Body', text: (d) => bodyText(d.body) },
]

function stringField(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

function flag(value: unknown): string {
  return value === true ? 'Yes' : ''
}

function nameOf(id: string | null, names: ReadonlyMap<string, string>): string {
  if (!id) return ''
  return names.get(id) ?? id
}

function imageText(value: unknown): string {
  if (!isRecord(value)) return ''
  const ref = refOf(value.asset)
  if (!ref) return ''
  const alt = stringField(value.alt)
  return alt === '' ? ref : `${ref} (${alt})`
}

/**
 * Field by field, how a revision differs from the current version: `changed` when both have the
 * field and it differs, `added` when only the current version has it (the revision lacked it),
 * `removed` when the current version lost it. Equal fields are left out.
 */
export function diffArticle(revision: StoredArticle | null, current: StoredArticle | null, names: ReadonlyMap<string, string> = new Map()): FieldChange[] {
  return diffDocuments(comparedFields, revision, current, names)
}

/** Field by field, in the order given, how two versions of any document differ (a photo essay's too). */
export function diffDocuments(fields: readonly ComparedField[], revision: StoredArticle | null, current: StoredArticle | null, names: ReadonlyMap<string, string> = new Map()): FieldChange[] {
  const changes: FieldChange[] = []
  for (const { field, label, text } of fields) {
    const before = revision ? text(revision, names) : ''
    const now = current ? text(current, names) : ''
    if (before === now) continue
    const kind: ChangeKind = before === '' ? 'added' : now === '' ? 'removed' : 'changed'
    changes.push({ field, label, kind, revision: before, current: now })
  }
  return changes
}

/** A text diff from the revision's text to the current one, merged into runs a reader can follow. */
export function textDiff(revision: string, current: string): TextDiffPart[] {
  const diffs = cleanupSemantic(makeDiff(revision, current))
  return diffs.map(([op, text]) => ({ kind: op === DIFF_INSERT ? 'added' : op === DIFF_DELETE ? 'removed' : 'same', text }))
}

/**
 * The save that restores a revision: the form's own save (src/content/admin/articleForm/save.ts)
 * with the revision's content, guarded by the revisions of the documents the panel compared it
 * with, so a restore that raced another editor's save changes nothing. It keeps the article as
 * published or not as it is now, as the form's Save does; fields the form does not edit come back
 * from the revision too.
 */
export function restoreInput(id: string, revision: StoredArticle, current: readonly StoredArticle[]): SaveInput {
  const published = current.find((d) => d._id === id) ?? null
  const draft = current.find((d) => d._id === `drafts.${id}`) ?? null
  const values = valuesFromDocument(revision, published !== null)
  return {
    mode: 'edit',
    id,
    values,
    loaded: { values, base: revision, revisions: { published: published?._rev ?? null, draft: draft?._rev ?? null } },
  }
}

/** The service's own fields, which a recreated document takes afresh. */
const systemFields = ['_rev', '_createdAt', '_updatedAt', '_originalId'] as const

/**
 * The write that brings a deleted article back: a new draft, `drafts.{id}`, with its last
 * revision's content, never the published document, so readers see it only once an editor
 * publishes it again. `create` fails (409) when something took the id meanwhile.
 */
export function recreateMutations(id: string, lastRevision: Record<string, unknown>): Array<{ create: Record<string, unknown> & { _id: string; _type: string } }> {
  const doc: Record<string, unknown> = { ...lastRevision }
  for (const field of systemFields) delete doc[field]
  return [{ create: { ...doc, _id: `drafts.${id}`, _type: typeof lastRevision._type === 'string' ? lastRevision._type : 'article' } }]
}

/** One entry of Recently deleted, as the service lists it. */
export interface DeletedArticle {
  id: string
  deletedAt: string
  deletedBy: string
  deletedByEmail: string | null
  document: StoredArticle
}

/** The deleted article's title as the list shows it. */
export function deletedTitle(article: Pick<DeletedArticle, 'document'>): string {
  const title = stringField(article.document.title)
  return title === '' ? 'Untitled article' : title
}
