// What the admin's clients of the content service's own endpoints share (the newsroom, the
// newsletters, presence, people, the audience, webhooks): one error carrying the HTTP status as `statusCode` (the field errors.ts
// reads, so a refusal means the same everywhere), the service's refusal read into a sentence, one
// request with the editor's token, and the readers that take an answer field by field, so a
// component always gets the strings and numbers its props promise.

export class ServiceError extends Error {
  /** The HTTP status the service answered with; null when it could not be reached or answered nonsense. */
  readonly statusCode: number | null

  constructor(message: string, statusCode: number | null) {
    super(message)
    this.name = new.target.name
    this.statusCode = statusCode
  }
}

export const unreadable = 'The content service sent an answer the admin cannot read.'
export const unreachable = 'Could not reach the content service.'

/**
 * The service's refusal as a sentence: its own `message` (`{ statusCode, error, message }`) or a
 * content error's `description` (`{ error: { description } }`) from the refusal's JSON `body`
 * (undefined when it was not JSON), else the status.
 */
export function refusalMessage(res: Response, body: unknown): string {
  const b = (body ?? {}) as { message?: unknown; error?: { description?: unknown } | string }
  const description = typeof b.error === 'object' && b.error !== null ? b.error.description : undefined
  if (typeof b.message === 'string' && b.message !== '') return b.message
  if (typeof description === 'string' && description !== '') return description
  return `The content service answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`
}

/** A refusal's JSON body; undefined when it is not JSON. */
export async function refusalBody(res: Response): Promise<unknown> {
  try {
    return await res.json()
  } catch {
    return undefined
  }
}

/** The service's refusal as a ServiceError carrying its status. */
export async function refusal(res: Response): Promise<ServiceError> {
  return new ServiceError(refusalMessage(res, await refusalBody(res)), res.status)
}

/**
 * Sends a request with the editor's token; a network failure throws a ServiceError, a refusal what
 * `refuse` makes of it (by default a ServiceError with the service's sentence).
 */
export async function serviceCall(fetcher: typeof fetch, url: string, token: string, init: RequestInit = {}, accept = 'application/json', refuse: (res: Response) => Promise<Error> = refusal): Promise<Response> {
  let res: Response
  try {
    res = await fetcher(url, { ...init, headers: { ...init.headers, accept, authorization: `Bearer ${token}` } })
  } catch {
    throw new ServiceError(unreachable, null)
  }
  if (!res.ok) throw await refuse(res)
  return res
}

// The answer's fields, each read as the type the admin shows, so a missing or odd field can never
// reach a component as an object or undefined.
export type Fields = Record<string, unknown>

export function fieldsOf(value: unknown): Fields {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ServiceError(unreadable, null)
  return value as Fields
}

/** The `result` of a JSON answer `{ result: { … } }`. */
export async function resultOf(res: Response): Promise<Fields> {
  let body: unknown
  try {
    body = await res.json()
  } catch {
    throw new ServiceError(unreadable, res.status)
  }
  return fieldsOf(fieldsOf(body).result)
}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '')
export const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
export const count = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0)
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
export const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T => values.find((v) => v === value) ?? fallback

export function idOf(fields: Fields): string {
  if (typeof fields._id !== 'string' || fields._id === '') throw new ServiceError(unreadable, null)
  return fields._id
}

export function pageFields(r: Fields): { page: number; pageCount: number; total: number } {
  return { page: Math.max(1, count(r.page)), pageCount: Math.max(1, count(r.pageCount)), total: count(r.total) }
}
