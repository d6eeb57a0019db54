// Bounds on the shape of JSON the service accepts. Everything downstream (JSON.stringify for cache
// keys and storage, structuredClone, groq-js, the patch engine) recurses once per level of nesting,
// so a value nested a few thousand levels deep overflows the stack wherever it lands first. It is
// refused once, where it enters, with a 400 that says why.

import { httpError } from './errors.ts'

/**
 * The deepest nesting accepted anywhere: request bodies, query parameters and stored documents.
 * Real content is shallow (the demo newspaper's deepest document, portable text with marks, is 6
 * levels), so this leaves room for any schema while staying far below the stack's reach.
 */
export const MAX_JSON_DEPTH = 100

/**
 * Whether a JSON value nests more than `limit` arrays or objects inside each other (a scalar is
 * depth 0, `[]` and `{}` are 1). Walks with its own stack, so it cannot overflow on the very input
 * it is there to catch, and stops at the first branch past the limit.
 */
export function deeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!
    if (typeof current !== 'object' || current === null) continue
    if (depth + 1 > limit) return true
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
    }
  }
  return false
}

export function depthMessage(what: string, limit = MAX_JSON_DEPTH): string {
  return `${what} is nested deeper than ${limit} levels`
}

/** Throws the protocol's 400 when a value from a request nests deeper than the limit. */
export function assertDepth(value: unknown, what: string, limit = MAX_JSON_DEPTH): void {
  if (deeperThan(value, limit)) throw httpError(400, depthMessage(what, limit))
}

/** The value of a `$name=value` query parameter: JSON within the depth bound, or the protocol's 400. */
export function parseParam(name: string, text: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw httpError(400, `Invalid value for parameter ${name}: it must be JSON (strings in double quotes)`)
  }
  assertDepth(value, `The value of parameter ${name}`)
  return value
}
