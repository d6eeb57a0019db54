// Runs schedules when their time comes. One timer, set for the soonest scheduled schedule and set
// again whenever a schedule changes, rather than a poll every second: a quiet newsroom costs nothing.
// On start the timer is set at once, so schedules that fell due while the service was stopped run
// as soon as it is back.
//
// Running a schedule is one Store.commit transaction, written under the identity of whoever
// scheduled it, so the homepage's live stream, listeners, feeds and history see it exactly as they
// see an editor's publish. A schedule that cannot run (its draft is gone, someone changed the
// document in the same instant, or the draft was made from an older published version than readers
// see now, so publishing it would undo that change) ends `cancelled` with the reason in
// `stateReason`, as the Scheduling API reports failures, and publishes nothing. An article published
// flagged Breaking News or Lead Story clears that flag on every other article in the same
// transaction (shared/frontPageSlots.ts).

import { slotClearingPatches } from '../../shared/frontPageSlots.ts'
import { basedOnRevisionField, draftBasis, withPublicationDates } from '../../shared/publication.ts'
import { ApiError } from '../errors.ts'
import type { Doc, Mutation } from '../store/mutations.ts'
import type { Store } from '../store/store.ts'
import type { Schedule, ScheduleBook } from './book.ts'

/** setTimeout's longest delay; a schedule further away re-arms when this one fires. */
const MAX_DELAY_MS = 2_147_483_647

/** Fields the store writes itself: a published copy of a draft gets its own. */
const systemFields = new Set(['_id', '_rev', '_createdAt', '_updatedAt'])

/** What the HTTP layer reaches scheduling by: the schedules kept, and what runs them. */
export interface Scheduling {
  book: ScheduleBook
  runner: ScheduleRunner
}

export type RunOutcome = { ok: true; transactionId: string } | { ok: false; reason: string }

/** Why a schedule could not run, said for the editor who reads it in the schedule's `stateReason`. */
export class ScheduleFailure extends Error {}

/**
 * The mutations of one schedule: its documents published (or unpublished) in one transaction. A
 * story going live at `now` is dated as the article form's publish dates it (shared/publication.ts):
 * its first publish sets `publishedAt`, changes over a live version set `updatedAt`.
 */
export function scheduleMutations(schedule: Pick<Schedule, 'action' | 'documents'>, docs: { get(id: string): Doc | undefined }, now: Date = new Date()): Mutation[] {
  const mutations: Mutation[] = []
  for (const { documentId } of schedule.documents) {
    const draftId = `drafts.${documentId}`
    const draft = docs.get(draftId)
    const published = docs.get(documentId)
    if (schedule.action === 'publish') {
      if (!draft) {
        throw new ScheduleFailure(
          published
            ? `The draft of "${documentId}" is gone (it was published or discarded), so there was nothing to publish`
            : `The draft of "${documentId}" no longer exists, so there was nothing to publish`,
        )
      }
      // The article form's own rule (shared/publication.ts): a draft made from an older published
      // version than readers see now would undo the change made since, so it is not published.
      if (draftBasis(draft, published ?? null).stale) {
        throw new ScheduleFailure(
          `The draft of "${documentId}" was made from an older published version, and the published version changed since, so publishing the draft would undo that change; compare the two in its form, then keep editing the draft or discard it`,
        )
      }
      // Guarded by the draft's revision as read here, and the published one's: an edit landing in the
      // same instant fails the transaction instead of being lost. The published copy does not carry
      // the revision the draft was based on: that is the draft's alone.
      const { [basedOnRevisionField]: _basedOn, ...copy } = content(draft)
      const next = draft._type === 'article' || draft._type === 'imageGallery' ? withPublicationDates(copy, published ?? null, now) : copy
      if (published) mutations.push({ patch: { id: documentId, ifRevisionID: String(published._rev) } })
      mutations.push({ patch: { id: draftId, ifRevisionID: String(draft._rev) } }, { createOrReplace: { ...next, _id: documentId } }, { delete: { id: draftId } })
      // A story going live flagged Breaking News or Lead Story takes the slot from every other
      // article in this same transaction, exactly as the article form's publish does.
      if (draft._type === 'article') mutations.push(...slotClearingPatches(documentId, draft))
    } else {
      if (!published) throw new ScheduleFailure(`"${documentId}" is not published, so there was nothing to unpublish`)
      mutations.push({ patch: { id: documentId, ifRevisionID: String(published._rev) } })
      // An existing draft holds newer work than the published version: it is kept as it is.
      if (!draft) mutations.push({ create: { ...content(published), _id: draftId } })
      mutations.push({ delete: { id: documentId } })
    }
  }
  return mutations
}

function content(doc: Doc): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !systemFields.has(key)))
}

export class ScheduleRunner {
  private readonly store: Store
  private readonly book: ScheduleBook
  private readonly log: (line: string) => void
  private timer: NodeJS.Timeout | null = null
  /** Runs one after the other, so the timer and a "run now" never run a schedule twice. */
  private queue: Promise<unknown> = Promise.resolve()
  private closed = false

  constructor(store: Store, book: ScheduleBook, log: (line: string) => void = () => {}) {
    this.store = store
    this.book = book
    this.log = log
  }

  /** Sets the timer for the soonest scheduled schedule (at once for any already due). Call after every change. */
  arm(): void {
    if (this.closed) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const next = this.book.next()
    if (!next) return
    const delay = Math.min(Math.max(new Date(next.executeAt).getTime() - Date.now(), 0), MAX_DELAY_MS)
    this.timer = setTimeout(() => {
      this.timer = null
      void this.runDue().finally(() => this.arm())
    }, delay)
    // The timer alone never keeps the process alive: the HTTP server does while the service runs.
    this.timer.unref()
  }

  /** Runs one schedule now, whatever its time: the API's "run schedule". */
  runNow(id: string): Promise<RunOutcome> {
    return this.serial(async () => {
      const outcome = await this.execute(id)
      this.arm()
      return outcome
    })
  }

  /** Stops the timer and waits for a run in progress to finish. */
  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.queue.catch(() => undefined)
  }

  private runDue(): Promise<void> {
    return this.serial(async () => {
      for (const schedule of this.book.due(new Date())) {
        if (this.closed) return
        await this.execute(schedule.id)
      }
    })
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task, task)
    this.queue = result.catch(() => undefined)
    return result
  }

  /** Runs a schedule that is still `scheduled` and records how it ended. */
  private async execute(id: string): Promise<RunOutcome> {
    const schedule = this.book.byId(id)
    if (!schedule || schedule.state !== 'scheduled') return { ok: false, reason: 'The schedule is no longer scheduled' }
    const executedAt = new Date()
    try {
      if (!this.store.hasDataset(schedule.dataset)) throw new ScheduleFailure(`The dataset "${schedule.dataset}" no longer exists`)
      const docs = this.store.dataset(schedule.dataset).docs
      const tx = await this.store.commit(schedule.dataset, scheduleMutations(schedule, docs, executedAt), { identity: schedule.author })
      this.book.finish(id, { state: 'succeeded', stateReason: '', executedAt, transactionId: tx.id })
      this.log(`Schedule ${id} ${schedule.action === 'publish' ? 'published' : 'unpublished'} ${schedule.documents.map((d) => d.documentId).join(', ')}`)
      return { ok: true, transactionId: tx.id }
    } catch (error) {
      const reason =
        error instanceof ScheduleFailure
          ? error.message
          : error instanceof ApiError
            ? `The ${schedule.action} was refused: ${error.message}`
            : `The ${schedule.action} failed: ${error instanceof Error ? error.message : String(error)}`
      this.book.finish(id, { state: 'cancelled', stateReason: reason, executedAt, transactionId: null })
      this.log(`Schedule ${id} could not run: ${reason}`)
      return { ok: false, reason }
    }
  }
}
