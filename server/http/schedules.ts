// The Scheduling API (Sanity's `/schedules/{projectId}/{dataset}`, docs/decisions/011-scheduling.md):
// list, create, get, update, delete and run schedules that publish or unpublish documents at a set
// time. Every input is checked here, so bad input is a 400 in the protocol's shape; the schedules are
// kept by server/schedules/book.ts and run by server/schedules/runner.ts.

import { httpError, typedError } from '../errors.ts'
import { isDraftId, isValidDocumentId, isVersionId } from '../store/ids.ts'
import { scheduleStates, type ScheduleAction, type ScheduleBook, type ScheduleState } from '../schedules/book.ts'
import { isRecord, sendJson } from './respond.ts'
import type { ApiDeps, Context } from './route.ts'

/** Documents one schedule may name: the doc endpoint's batch size. */
export const MAX_SCHEDULE_DOCUMENTS = 100
const MAX_NAME_LENGTH = 200
/** `YYYY-MM-DDTHH:mm:ss.sssZ` as the reference asks, seconds and milliseconds optional: always UTC, always with its Z. */
const utcTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z$/

export function listSchedules({ store, schedules, config }: ApiDeps) {
  return async ({ res, url, params: { projectId, dataset } }: Context): Promise<void> => {
    const { book } = schedules
    known(config.projectId, projectId!, () => store.dataset(dataset!))
    const state = url.searchParams.get('state')
    if (state !== null && !scheduleStates.includes(state as ScheduleState)) throw httpError(400, `"state" must be one of ${scheduleStates.join(', ')}`)
    const ids = url.searchParams.get('documentIds')
    const documentIds = ids === null ? undefined : ids.split(',').filter((id) => id !== '')
    if (documentIds?.some((id) => !isValidDocumentId(id))) throw httpError(400, '"documentIds" must be a comma-separated list of document ids')
    sendJson(res, 200, { schedules: book.list(dataset!, { state: (state as ScheduleState | null) ?? undefined, documentIds }) })
  }
}

export function createSchedule({ store, schedules, config }: ApiDeps) {
  return async ({ res, params: { projectId, dataset }, who, json }: Context): Promise<void> => {
    const { book, runner } = schedules
    known(config.projectId, projectId!, () => store.dataset(dataset!))
    const body = await json()
    if (!isRecord(body)) throw httpError(400, 'The request body must be a JSON object with "documents" and "executeAt"')
    const action = actionOf(body.action)
    const executeAt = futureTime(body.executeAt)
    const docs = store.dataset(dataset!).docs
    const documents = documentsOf(body.documents).map((documentId) => {
      // What is published must exist now as a draft; what is unpublished, as a published document.
      const target = docs.get(action === 'publish' ? `drafts.${documentId}` : documentId)
      if (!target) throw httpError(400, action === 'publish' ? `Document "${documentId}" has no draft to publish` : `Document "${documentId}" is not published`)
      return { documentId, documentType: target._type }
    })
    const name = body.name === undefined || body.name === null ? executeAt.toISOString() : nameOf(body.name)
    const schedule = book.create({ dataset: dataset!, author: who()!.id, name, action, documents, executeAt })
    runner.arm()
    sendJson(res, 200, schedule)
  }
}

export function getSchedule({ store, schedules, config }: ApiDeps) {
  return async ({ res, params: { projectId, dataset, scheduleId } }: Context): Promise<void> => {
    const { book } = schedules
    known(config.projectId, projectId!, () => store.dataset(dataset!))
    sendJson(res, 200, found(book, dataset!, scheduleId!))
  }
}

/** Moves a scheduled schedule (`executeAt`), renames it (`name`) or cancels it (`state: "cancelled"`). */
export function updateSchedule({ store, schedules, config }: ApiDeps) {
  return async ({ res, params: { projectId, dataset, scheduleId }, json }: Context): Promise<void> => {
    const { book, runner } = schedules
    known(config.projectId, projectId!, () => store.dataset(dataset!))
    const body = await json()
    if (!isRecord(body)) throw httpError(400, 'The request body must be a JSON object with "executeAt", "name" or "state"')
    const unknown = Object.keys(body).filter((key) => !['executeAt', 'name', 'state'].includes(key))
    if (unknown.length > 0) throw httpError(400, `A schedule's "executeAt", "name" and "state" can be changed, not ${unknown.map((k) => JSON.stringify(k.slice(0, 40))).join(', ')}`)
    const schedule = found(book, dataset!, scheduleId!)
    if (schedule.state !== 'scheduled') throw httpError(400, `The schedule is ${schedule.state}: only a scheduled schedule can be changed`)
    if (body.state !== undefined && body.state !== 'cancelled') throw httpError(400, '"state" can only be set to "cancelled"')
    book.update(schedule.id, {
      name: body.name === undefined ? schedule.name : nameOf(body.name),
      executeAt: body.executeAt === undefined ? schedule.executeAt : futureTime(body.executeAt).toISOString(),
      state: body.state === 'cancelled' ? 'cancelled' : schedule.state,
      stateReason: body.state === 'cancelled' ? 'Cancelled before it ran' : schedule.stateReason,
    })
    runner.arm()
    sendJson(res, 200, book.get(dataset!, schedule.id))
  }
}

export function deleteSchedule({ store, schedules, config }: ApiDeps) {
  return async ({ res, params: { projectId, dataset, scheduleId } }: Context): Promise<void> => {
    const { book, runner } = schedules
    known(config.projectId, projectId!, () => store.dataset(dataset!))
    found(book, dataset!, scheduleId!)
    book.remove(dataset!, scheduleId!)
    runner.arm()
    sendJson(res, 200, { id: scheduleId, deleted: true })
  }
}

/** Runs a scheduled schedule now; one that cannot run is cancelled with its reason, and the answer says why. */
export function runSchedule({ store, schedules, config }: ApiDeps) {
  return async ({ res, params: { projectId, dataset, scheduleId } }: Context): Promise<void> => {
    const { book, runner } = schedules
    known(config.projectId, projectId!, () => store.dataset(dataset!))
    const schedule = found(book, dataset!, scheduleId!)
    if (schedule.state !== 'scheduled') throw httpError(400, `The schedule is ${schedule.state}: only a scheduled schedule can be run`)
    const outcome = await runner.runNow(schedule.id)
    if (!outcome.ok) throw typedError(409, 'scheduleFailedError', outcome.reason, { schedule: book.get(dataset!, schedule.id) })
    sendJson(res, 200, { transactionId: outcome.transactionId, schedule: book.get(dataset!, schedule.id) })
  }
}

/** The project must be this service's and the dataset must exist (a typed 404 otherwise). */
function known(projectId: string, asked: string, dataset: () => unknown): void {
  if (asked !== projectId) throw httpError(404, `Project "${asked.slice(0, 60)}" not found`)
  dataset()
}

function found(book: ScheduleBook, dataset: string, id: string) {
  const schedule = book.get(dataset, id)
  if (!schedule) throw httpError(404, `Schedule "${id.slice(0, 60)}" not found`)
  return schedule
}

function actionOf(value: unknown): ScheduleAction {
  if (value === undefined || value === null) return 'publish'
  if (value === 'publish' || value === 'unpublish') return value
  throw httpError(400, '"action" must be "publish" or "unpublish"')
}

function nameOf(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_NAME_LENGTH) throw httpError(400, `"name" must be text of 1 to ${MAX_NAME_LENGTH} characters`)
  return value
}

/** A UTC time later than now: a schedule for the past would only ever run at once. */
function futureTime(value: unknown): Date {
  if (typeof value !== 'string' || !utcTime.test(value)) {
    throw httpError(400, `"executeAt" must be a UTC time with a Z suffix, such as 2077-12-25T07:45:00.000Z, not ${JSON.stringify(value)?.slice(0, 60) ?? 'nothing'}`)
  }
  const date = new Date(value)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value.slice(0, 10)) throw httpError(400, `"executeAt" is not a valid time: ${JSON.stringify(value)}`)
  if (date.getTime() <= Date.now()) throw httpError(400, `"executeAt" must be in the future: ${value} has passed`)
  return date
}

function documentsOf(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) throw httpError(400, '"documents" must be a non-empty array of {documentId}')
  if (value.length > MAX_SCHEDULE_DOCUMENTS) throw httpError(400, `A schedule may name at most ${MAX_SCHEDULE_DOCUMENTS} documents`)
  const ids = value.map((entry) => {
    const id = isRecord(entry) ? entry.documentId : undefined
    if (typeof id !== 'string' || !isValidDocumentId(id)) throw httpError(400, `Invalid documentId ${JSON.stringify(id)?.slice(0, 200) ?? 'missing'}`)
    if (isDraftId(id) || isVersionId(id)) throw httpError(400, `Name the published id, not "${id.slice(0, 200)}": a schedule publishes a document's draft`)
    return id
  })
  if (new Set(ids).size !== ids.length) throw httpError(400, '"documents" names a document twice')
  return ids
}
