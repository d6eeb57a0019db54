// The spec's identifier check, used for article slugs before any fetch.

const identifierPattern = /^[A-Za-z0-9_-]{1,200}$/

/** The identifier itself when it is 1-200 letters, digits, '_' or '-'; otherwise null. */
export function checkIdentifier(value: unknown): string | null {
  return typeof value === 'string' && identifierPattern.test(value) ? value : null
}
