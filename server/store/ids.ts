import { randomBytes } from 'node:crypto'

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A 22-character base62 id, the shape Sanity uses for transaction ids and generated document ids. */
export function randomId(length = 22): string {
  const bytes = randomBytes(length * 2)
  let out = ''
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const b = bytes[i]!
    // 248 = 62 * 4: drop bytes above it so every character is equally likely.
    if (b < 248) out += alphabet[b % 62]
  }
  return out.length === length ? out : out + randomId(length - out.length)
}

const documentIdPattern = /^[a-z0-9_][a-z0-9_.-]{0,127}$/i

export function isValidDocumentId(id: string): boolean {
  return documentIdPattern.test(id) && !id.includes('..')
}

export const isDraftId = (id: string): boolean => id.startsWith('drafts.')
export const isVersionId = (id: string): boolean => id.startsWith('versions.')
/** Any id with a `.` path (drafts, versions, private paths) is never shown to anonymous readers. */
export const isPathId = (id: string): boolean => id.includes('.')

export function publishedIdOf(id: string): string {
  if (isDraftId(id)) return id.slice('drafts.'.length)
  if (isVersionId(id)) return id.split('.').slice(2).join('.')
  return id
}

/** ISO-8601 without milliseconds, as the Content Lake writes `_createdAt` / `_updatedAt`. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}
