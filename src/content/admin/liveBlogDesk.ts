// The live blog desk's rules (docs/decisions/035-live-blog-desk.md): what the desk loads of a blog,
// and the one transaction each of its actions sends. Every update is its own document, so two
// editors posting at once never touch each other's; every change to an update someone may have
// changed since the desk showed it is guarded by the revision shown, so the service refuses it with
// a conflict rather than overwriting theirs. Pinning moves the pin: the service unpins the blog's
// other pinned updates in the same transaction, listed here or not (server/store/liveUpdates.ts). The caller hands in `fetch` and `mutate`, so this is tested
// against the real service without a browser.

import { liveBlogPageSize, liveUpdateType } from '../../../shared/liveBlog.ts'
import { draftPrefix } from '../../../shared/roles.ts'
import type { BodyNode } from '../../../shared/schema.ts'
import { randomKey, type KeyMaker } from '../article/portableText.ts'
import { refusalMessage, refusalOf } from '../clients/errors.ts'
import type { Fetch } from './contentService.ts'

/** How many of a blog's updates the desk lists at first, newest first (five reader pages' worth), and how many more each "Show older updates" adds. */
export const deskUpdatesShown = 5 * liveBlogPageSize

/** One update as the desk lists it. */
export interface DeskUpdate {
  /** The update's published id (without `drafts.`), what readers' addresses name. */
  id: string
  /** Where it is stored: `drafts.{id}` for a draft nobody has published yet. */
  documentId: string
  /** The revision the desk shows: every change to it is guarded by this. */
  rev: string
  draft: boolean
  publishedAt: string
  updatedAt: string | null
  headline: string
  body: BodyNode[]
  isKeyEvent: boolean
  isPinned: boolean
  authorId: string | null
  authorName: string | null
}

/** The blog itself, as far as the desk needs it. */
export interface DeskBlog {
  id: string
  title: string
  /** Whether readers have it: an update posted before then waits with the article. */
  published: boolean
  isLiveBlog: boolean
  endedAt: string | null
  /** The article's author: the byline a new update starts with. */
  authorId: string | null
  /** The revisions of its two versions now: starting or ending coverage is guarded by them. */
  revisions: { published: string | null; draft: string | null; draftBasedOn: string | null }
}

export interface DeskData {
  blog: DeskBlog
  updates: DeskUpdate[]
  /** Every update of the blog, drafts included (the list shows the newest, as many as asked for). */
  total: number
  /** Whether the blog has updates older than the list shows ("Show older updates" lists them). */
  older: boolean
  authors: Array<{ id: string; name: string }>
}

/** What an editor writes in the desk's compact editor or an update's edit form. */
export interface UpdateValues {
  headline: string
  body: BodyNode[]
  isKeyEvent: boolean
  isPinned: boolean
  authorId: string
}

export const deskMessages = {
  posted: 'Update posted.',
  drafted: 'Draft update saved: an editor publishes it.',
  saved: 'Update saved.',
  deleted: 'Update deleted.',
  published: 'Update published.',
  started: 'Live coverage started: readers see this article as a live blog.',
  ended: 'Live coverage ended: readers see "This live blog has ended".',
  bodyMissing: 'Write the update before posting it.',
  conflict: 'Someone else changed or deleted this update after you opened it: nothing was saved. Their version is in the list; your text is still here to copy.',
  deleteConflict: 'Someone else changed or deleted this update after it was shown here: nothing was deleted. The list shows it as it is now.',
  publishConflict: 'Someone else changed or deleted this draft after it was shown here: nothing was published. The list shows it as it is now.',
  coverageConflict: 'Someone else saved this article after the desk loaded it: live coverage was not changed. The desk shows the article as it is now; try again.',
  forbidden: 'Your role cannot do that: an editor or an admin publishes, changes published updates and starts or ends live coverage.',
  loadFailed: 'The live blog could not be loaded.',
  failed: 'The content service did not answer. Nothing was changed; try again.',
  notLive: 'Start live coverage to post updates: readers then see this article as a live blog.',
} as const

/** What the desk's last action did, or why it failed, said in its live region. */
export interface DeskMessage {
  tone: 'success' | 'error'
  text: string
}

/**
 * What the desk shows: the machine's state as src/machines/liveBlogDeskMachine.ts reads it out, and
 * the props src/components/admin/LiveBlogDesk.tsx takes (beside its callbacks). Declared here
 * because a component may not import a machine.
 */
export interface DeskView {
  status: 'loading' | 'failed' | 'ready'
  loadError: string | null
  data: DeskData | null
  /** Whether this editor publishes (an editor, an admin): a contributor's posts are drafts. */
  canPublish: boolean
  posting: boolean
  /** Changes after each post, so the composer starts empty again. */
  postKey: number
  /** The update open for editing in place, as it was when opened. */
  editing: DeskUpdate | null
  saving: boolean
  confirming: { kind: 'delete'; update: DeskUpdate } | { kind: 'end' } | null
  /** The update being deleted or published, and which. */
  busy: { id: string; action: 'delete' | 'publish' } | null
  changingCoverage: CoverageChange | null
  /** The list is being read again whole (older updates asked for, or the stream back). */
  loadingOlder: boolean
  message: DeskMessage | null
}

export type DeskMutation =
  | { create: Record<string, unknown> & { _id: string; _type: string } }
  | { delete: { id: string } }
  | { patch: { id: string; ifRevisionID?: string; set?: Record<string, unknown>; unset?: string[] } }

export interface DeskDeps {
  fetch: Fetch
  mutate: (mutations: DeskMutation[], options?: { transactionId?: string }) => Promise<unknown>
}

const publishedId = (id: string) => (id.startsWith(draftPrefix) ? id.slice(draftPrefix.length) : id)

const updateFields = `_id, _rev, publishedAt, updatedAt, headline, body, isKeyEvent, isPinned, "authorId": author._ref, "authorName": author->name`

const versionsQuery = `*[_id in [$blog, "drafts." + $blog]]{_id, _rev, title, isLiveBlog, liveBlogEndedAt, "authorId": author._ref, basedOnRevision}`
const totalQuery = `count(*[_type == "${liveUpdateType}" && liveBlog._ref == $blog])`

/**
 * Everything the desk shows, in one query: the blog's two versions, its newest `shown` updates
 * (drafts and published; a page more, so a draft beside its published update still leaves `shown`
 * and says whether there are older), and the authors a byline can name.
 */
export function deskQuery(shown: number = deskUpdatesShown): string {
  return `{
  "versions": ${versionsQuery},
  "updates": *[_type == "${liveUpdateType}" && liveBlog._ref == $blog] | order(publishedAt desc, _id desc)[0...${shown + deskUpdatesShown}]{${updateFields}},
  "total": ${totalQuery},
  "authors": *[_type == "author" && !(_id in path("drafts.**"))] | order(name asc)[0...500]{"id": _id, name}
}`
}

/**
 * What the desk reads after changes it was told of: the blog's two versions, how many updates it
 * has, and the changed updates alone, each by its two ids (`$ids`: published and draft), read
 * through the id index whatever the blog's size.
 */
export const deskChangesQuery = `{
  "versions": ${versionsQuery},
  "updates": *[_id in $ids && _type == "${liveUpdateType}" && liveBlog._ref == $blog]{${updateFields}},
  "total": ${totalQuery}
}`

/**
 * The updates at and before the oldest one the desk lists (`$at`), newest first, `$count` of them:
 * read from that point of the blog's keys, so each "Show older updates" parses the next hundred,
 * not the list again. Those listed already (ties at `$at`) are dropped when they come back.
 */
export const deskOlderQuery = `*[_type == "${liveUpdateType}" && liveBlog._ref == $blog && publishedAt <= $at] | order(publishedAt desc, _id desc)[0...$count]{${updateFields}}`

interface RawVersion {
  _id: string
  _rev: string
  title?: unknown
  isLiveBlog?: unknown
  liveBlogEndedAt?: unknown
  authorId?: unknown
  basedOnRevision?: unknown
}

interface RawUpdate {
  _id: string
  _rev: string
  publishedAt?: unknown
  updatedAt?: unknown
  headline?: unknown
  body?: unknown
  isKeyEvent?: unknown
  isPinned?: unknown
  authorId?: unknown
  authorName?: unknown
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

function deskUpdate(raw: RawUpdate): DeskUpdate {
  return {
    id: publishedId(raw._id),
    documentId: raw._id,
    rev: raw._rev,
    draft: raw._id.startsWith(draftPrefix),
    publishedAt: text(raw.publishedAt),
    updatedAt: textOrNull(raw.updatedAt),
    headline: text(raw.headline),
    body: Array.isArray(raw.body) ? (raw.body as BodyNode[]) : [],
    isKeyEvent: raw.isKeyEvent === true,
    isPinned: raw.isPinned === true,
    authorId: textOrNull(raw.authorId),
    authorName: textOrNull(raw.authorName),
  }
}

/** Newest first, as the reader's page orders them (time, then id). */
const newerFirst = (a: DeskUpdate, b: DeskUpdate): number => (a.publishedAt === b.publishedAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.publishedAt < b.publishedAt ? 1 : -1)

/** One entry per update: a draft beside a published update (written by a script: the desk never makes one) is not listed twice. */
function listed(raw: RawUpdate[]): DeskUpdate[] {
  const seen = new Set<string>()
  const updates: DeskUpdate[] = []
  const ordered = [...raw].sort((a, b) => Number(a._id.startsWith(draftPrefix)) - Number(b._id.startsWith(draftPrefix)))
  for (const update of ordered.map(deskUpdate)) {
    if (seen.has(update.id)) continue
    seen.add(update.id)
    updates.push(update)
  }
  return updates.sort(newerFirst)
}

function deskBlog(blog: string, versions: RawVersion[]): DeskBlog {
  const published = versions.find((v) => v._id === blog) ?? null
  const draft = versions.find((v) => v._id === `${draftPrefix}${blog}`) ?? null
  // The desk speaks of the article as its form does: the draft over the published version.
  const shown = draft ?? published
  return {
    id: blog,
    title: text(shown?.title),
    published: published !== null,
    // Live coverage is what readers have: the published version's, else the draft's.
    isLiveBlog: (published ?? draft)?.isLiveBlog === true,
    endedAt: textOrNull((published ?? draft)?.liveBlogEndedAt),
    authorId: textOrNull(shown?.authorId),
    revisions: { published: published?._rev ?? null, draft: draft?._rev ?? null, draftBasedOn: textOrNull(draft?.basedOnRevision) },
  }
}

/** The desk's data for the blog `blog` (the article's published id): its newest `shown` updates. */
export async function loadDesk(fetch: Fetch, blog: string, shown: number = deskUpdatesShown): Promise<DeskData> {
  const raw = await fetch<{ versions: RawVersion[]; updates: RawUpdate[]; total: number; authors: Array<{ id: string; name: unknown }> }>(deskQuery(shown), { blog })
  const updates = listed(raw.updates)
  return {
    blog: deskBlog(blog, raw.versions),
    updates: updates.slice(0, shown),
    total: raw.total,
    older: updates.length > shown || raw.updates.length === shown + deskUpdatesShown,
    authors: raw.authors.map((a) => ({ id: a.id, name: text(a.name) })).filter((a) => a.name !== ''),
  }
}

/** The published id of an update or of the blog, from either of its document ids. */
export const deskChangeId = publishedId

/**
 * The desk's data after changes to the documents `ids` (any of an update's or the blog's ids):
 * only those updates are read again (deskChangesQuery), each put in its place, or taken out when
 * it is gone or no longer this blog's; the rest of the list stays as it was. An update older than
 * the list reaches is left for "Show older updates" to list: with `older`, the next
 * `deskUpdatesShown` older than the list are read too (deskOlderQuery) and added at its end.
 */
export async function refreshDesk(fetch: Fetch, data: DeskData, ids: readonly string[], older = false): Promise<DeskData> {
  const changed = [...new Set(ids.map(publishedId))].filter((id) => id !== data.blog.id)
  const oldest = data.updates[data.updates.length - 1]
  const readOlder = older && data.older && oldest !== undefined
  // The updates listed at the oldest one's time come back with the next ones: ask for that many more, and one to say whether there are older still.
  const ties = readOlder ? data.updates.filter((u) => u.publishedAt === oldest.publishedAt).length : 0
  const [raw, before] = await Promise.all([
    fetch<{ versions: RawVersion[]; updates: RawUpdate[]; total: number }>(deskChangesQuery, { blog: data.blog.id, ids: changed.flatMap((id) => [id, `${draftPrefix}${id}`]) }),
    readOlder ? fetch<RawUpdate[]>(deskOlderQuery, { blog: data.blog.id, at: oldest.publishedAt, count: ties + deskUpdatesShown + 1 }) : Promise.resolve(null),
  ])
  const fresh = listed(raw.updates)
  const reached = (update: DeskUpdate) => !data.older || oldest === undefined || newerFirst(update, oldest) <= 0
  const updates = [...data.updates.filter((u) => !changed.includes(u.id)), ...fresh.filter(reached)].sort(newerFirst)
  if (!before || !oldest) return { ...data, blog: deskBlog(data.blog.id, raw.versions), updates, total: raw.total }
  // Past the list's oldest update, in the list's order; a draft beside its published update once.
  const listedIds = new Set(updates.map((u) => u.id))
  const next = listed(before).filter((u) => newerFirst(u, oldest) > 0 && !listedIds.has(u.id) && !changed.includes(u.id))
  return { ...data, blog: deskBlog(data.blog.id, raw.versions), updates: [...updates, ...next.slice(0, deskUpdatesShown)], total: raw.total, older: next.length > deskUpdatesShown || before.length === ties + deskUpdatesShown + 1 }
}

/** Whether the update would say nothing: no text and no picture. */
export function isEmptyBody(body: readonly BodyNode[]): boolean {
  return !body.some((node) => node._type !== 'block' || node.children.some((child) => child.text.trim() !== ''))
}

/** The update's fields a post or an edit writes (the headline trimmed; an empty one left out). */
function writtenFields(values: UpdateValues): { set: Record<string, unknown>; unset: string[] } {
  const headline = values.headline.trim()
  const set: Record<string, unknown> = { body: values.body, isKeyEvent: values.isKeyEvent, isPinned: values.isPinned }
  const unset: string[] = []
  if (headline !== '') set.headline = headline
  else unset.push('headline')
  if (values.authorId !== '') set.author = { _type: 'reference', _ref: values.authorId }
  else unset.push('author')
  return { set, unset }
}

export interface PostInput {
  blog: string
  values: UpdateValues
  /** A writer's post is published at once; anyone else's is a draft a writer publishes. */
  publish: boolean
}

/** A new update: `create`, so it can never replace anything; a draft (`drafts.{id}`) unless `publish`. */
export function postMutations({ blog, values, publish }: PostInput, now: Date, id: string = crypto.randomUUID()): DeskMutation[] {
  const { set } = writtenFields(values)
  const doc = { _id: publish ? id : `${draftPrefix}${id}`, _type: liveUpdateType, liveBlog: { _type: 'reference', _ref: blog }, publishedAt: now.toISOString(), ...set }
  return [{ create: doc }]
}

/** An edit of the update as the desk showed it: refused with a conflict if it changed since. */
export function editMutations(update: DeskUpdate, values: UpdateValues, now: Date): DeskMutation[] {
  const { set, unset } = writtenFields(values)
  // "Updated" is for readers: a draft they never saw is not updated, only written.
  if (!update.draft) set.updatedAt = now.toISOString()
  return [{ patch: { id: update.documentId, ifRevisionID: update.rev, set, unset } }]
}

/** Deleting the update as the desk showed it. */
export function deleteMutations(update: DeskUpdate): DeskMutation[] {
  return [{ patch: { id: update.documentId, ifRevisionID: update.rev } }, { delete: { id: update.documentId } }]
}

/**
 * Publishing a contributor's draft: the update under its published id, posted now (it reaches
 * readers now, at the top), and the draft gone, guarded by the draft's revision shown.
 */
export function publishMutations(blog: string, update: DeskUpdate, now: Date): DeskMutation[] {
  const values: UpdateValues = { headline: update.headline, body: update.body, isKeyEvent: update.isKeyEvent, isPinned: update.isPinned, authorId: update.authorId ?? '' }
  const { set } = writtenFields(values)
  return [
    { patch: { id: update.documentId, ifRevisionID: update.rev } },
    { delete: { id: update.documentId } },
    { create: { _id: update.id, _type: liveUpdateType, liveBlog: { _type: 'reference', _ref: blog }, publishedAt: now.toISOString(), ...set } },
  ]
}

export type CoverageChange = 'start' | 'end'

/**
 * Starting or ending live coverage: `isLiveBlog` set (and an earlier end cleared), or
 * `liveBlogEndedAt` set, on both versions of the article, each guarded by the revision the desk
 * loaded. The draft beside a live article keeps saying which published version it was made from:
 * the one this transaction writes, whose revision is the transaction's id.
 */
export function coverageMutations(blog: DeskBlog, change: CoverageChange, now: Date, transactionId: string): DeskMutation[] {
  const fields = change === 'start' ? { set: { isLiveBlog: true }, unset: ['liveBlogEndedAt'] } : { set: { liveBlogEndedAt: now.toISOString() } }
  const mutations: DeskMutation[] = []
  const { published, draft, draftBasedOn } = blog.revisions
  if (published) mutations.push({ patch: { id: blog.id, ifRevisionID: published, ...fields } })
  if (draft) {
    const rebased = published !== null && draftBasedOn === published ? { basedOnRevision: transactionId } : {}
    mutations.push({ patch: { id: `${draftPrefix}${blog.id}`, ifRevisionID: draft, ...fields, set: { ...fields.set, ...rebased } } })
  }
  return mutations
}

/** A transaction id of our own: the revision every document the transaction writes gets. */
export function newTransactionId(newKey: KeyMaker = randomKey): string {
  return `desk-${newKey()}${newKey()}`
}

/** What a refused desk write says: a bound in its own words, a conflict in `conflict`'s. */
export function deskError(error: unknown, conflict: string): Error {
  const refusal = refusalOf(error)
  if (refusal === 'conflict' || refusal === 'notFound') return new DeskConflictError(conflict)
  return new Error(refusalMessage(error, { conflict, forbidden: deskMessages.forbidden, failed: deskMessages.failed }))
}

/** The service refused a write guarded by a revision someone else has since changed. */
export class DeskConflictError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DeskConflictError'
  }
}

/** The ids of the documents a transaction writes: what the desk reads again once it is done. */
export function writtenIds(mutations: readonly DeskMutation[]): string[] {
  return [...new Set(mutations.map((m) => ('create' in m ? m.create._id : 'delete' in m ? m.delete.id : m.patch.id)))]
}

/** The ids the service says a transaction wrote: its own (a pin it moved) as well as those sent. */
function resultIds(answer: unknown): string[] {
  const results = (answer as { results?: unknown } | null)?.results
  if (!Array.isArray(results)) return []
  return results.flatMap((result) => (typeof (result as { id?: unknown } | null)?.id === 'string' ? [(result as { id: string }).id] : []))
}

/** Sends the transaction; resolves with the ids it wrote. */
async function write(deps: DeskDeps, mutations: DeskMutation[], conflict: string, transactionId?: string): Promise<string[]> {
  let answer: unknown
  try {
    answer = await deps.mutate(mutations, transactionId ? { transactionId } : undefined)
  } catch (error) {
    throw deskError(error, conflict)
  }
  return [...new Set([...writtenIds(mutations), ...resultIds(answer)])]
}

export async function postUpdate(deps: DeskDeps, input: PostInput, now: Date = new Date()): Promise<string[]> {
  return write(deps, postMutations(input, now), deskMessages.failed)
}

export async function editUpdate(deps: DeskDeps, update: DeskUpdate, values: UpdateValues, now: Date = new Date()): Promise<string[]> {
  return write(deps, editMutations(update, values, now), deskMessages.conflict)
}

export async function deleteUpdate(deps: DeskDeps, update: DeskUpdate): Promise<string[]> {
  return write(deps, deleteMutations(update), deskMessages.deleteConflict)
}

export async function publishUpdate(deps: DeskDeps, blog: string, update: DeskUpdate, now: Date = new Date()): Promise<string[]> {
  return write(deps, publishMutations(blog, update, now), deskMessages.publishConflict)
}

export async function changeCoverage(deps: DeskDeps, blog: DeskBlog, change: CoverageChange, now: Date = new Date()): Promise<string[]> {
  const transactionId = newTransactionId()
  return write(deps, coverageMutations(blog, change, now, transactionId), deskMessages.coverageConflict, transactionId)
}
