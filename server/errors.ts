// Error bodies in the two shapes @sanity/client understands (see docs/content-api.md §1, §3, §7):
// `{error: {type, description, items?}}` for content errors and Boom-style
// `{statusCode, error, message}` for HTTP-level refusals. Every failure the service reports is one
// of these, so the client always builds a readable message.

export type ErrorBody =
  | { error: { type: string; description: string; [key: string]: unknown } }
  | { statusCode: number; error: string; message: string; [key: string]: unknown }

export class ApiError extends Error {
  readonly status: number
  readonly body: ErrorBody
  readonly headers: Record<string, string>

  constructor(status: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super('error' in body && typeof body.error === 'object' ? body.error.description : (body as { message: string }).message)
    this.status = status
    this.body = body
    this.headers = headers
  }
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export function httpError(status: number, message: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, { statusCode: status, error: reasons[status] ?? 'Error', message, ...extra })
}

export function typedError(status: number, type: string, description: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, { error: { type, description, ...extra } })
}

export interface MutationItemError {
  type: string
  description: string
  [key: string]: unknown
}

/** A failed transaction: one item per failing mutation, indexed by its position in the request. */
export function mutationError(status: number, items: Array<{ index: number; error: MutationItemError }>): ApiError {
  const description = `The mutation(s) failed: ${items.map((i) => i.error.description).join('; ')}`
  return new ApiError(status, { error: { type: 'mutationError', description, items } })
}

/** `index`: the mutation refused, when one of a transaction's is (the first otherwise). */
export function insufficientPermissions(permission: string, index = 0): ApiError {
  const description = `Insufficient permissions; permission "${permission}" required`
  return new ApiError(403, {
    error: {
      type: 'mutationError',
      description: `the mutation(s) failed: ${description}`,
      items: [{ index, error: { type: 'insufficientPermissionsError', description, permission } }],
    },
  })
}
