// The content service's refusals, recognised in one place. @sanity/client's errors carry the HTTP
// status as `statusCode` and the /auth endpoints answer with a Response's `status`; every caller that
// words a refusal for the editor asks here what it was, so one status means one thing everywhere.
// It imports nothing, so content modules use it without pulling a client into their bundle.

/** The refusals the admin words for the editor: signed out, not allowed, gone, changed meanwhile. */
export type ServiceRefusal = 'unauthorised' | 'forbidden' | 'notFound' | 'conflict'

const refusalsByStatus: ReadonlyMap<number, ServiceRefusal> = new Map([
  [401, 'unauthorised'],
  [403, 'forbidden'],
  [404, 'notFound'],
  [409, 'conflict'],
])

/** The HTTP status of a content-service error, when it has one. */
export function statusOf(error: unknown): number | null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode
  return typeof status === 'number' ? status : null
}

/** What an HTTP status says the service refused, or null for any other answer. */
export function refusalOfStatus(status: number | null): ServiceRefusal | null {
  return status === null ? null : (refusalsByStatus.get(status) ?? null)
}

/** What a failed call's error says the service refused, or null when it failed some other way. */
export function refusalOf(error: unknown): ServiceRefusal | null {
  return refusalOfStatus(statusOf(error))
}

/** One refused mutation of a failed transaction, as the service describes it (docs/content-api.md §3). */
export interface MutationItemError {
  type: string
  description: string
  [key: string]: unknown
}

/** The item errors of a failed transaction (@sanity/client keeps the body's `error` as `details`), or none. */
export function itemErrorsOf(error: unknown): MutationItemError[] {
  const items = (error as { details?: { items?: unknown } } | null)?.details?.items
  if (!Array.isArray(items)) return []
  return items.flatMap((item) => {
    const inner = (item as { error?: unknown } | null)?.error as Partial<MutationItemError> | undefined
    return inner && typeof inner.type === 'string' && typeof inner.description === 'string' ? [inner as MutationItemError] : []
  })
}

/** How a page names the refusals it words itself; anything else is said in the service's own words. */
export interface RefusalWords {
  /** Someone changed or removed the document since the page loaded it (409, 404). */
  conflict: string
  /** This person's role may not make the write (403). */
  forbidden: string
  /** Said when the failure carries no words at all. */
  failed: string
}

/**
 * What a refused write says to the editor, in words: a broken bound in the bound's own words
 * (docs/content-api.md §3), a conflict or a refusal by role in the page's words, and any other
 * refusal by what each refused mutation's description says, without the transaction's
 * "The mutation(s) failed:" wrapper.
 */
export function refusalMessage(error: unknown, words: RefusalWords): string {
  const items = itemErrorsOf(error)
  const bound = items.find((item) => item.type === 'validationError')
  if (bound) return bound.description
  const refusal = refusalOf(error)
  if (refusal === 'conflict' || refusal === 'notFound') return words.conflict
  if (refusal === 'forbidden') return words.forbidden
  if (items.length > 0) return items.map((item) => item.description).join(' ')
  const message = error instanceof Error ? error.message.replace(/^the mutation\(s\) failed:\s*/i, '') : ''
  return message !== '' ? message : words.failed
}
