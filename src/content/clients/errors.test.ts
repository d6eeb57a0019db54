import { describe, expect, it } from 'vitest'
import { refusalOf, refusalOfStatus, statusOf } from './errors.ts'

describe('the content service’s refusals', () => {
  const failure = (statusCode: unknown) => Object.assign(new Error(`HTTP ${String(statusCode)}`), { statusCode })

  it('reads the status @sanity/client puts on its errors, and nothing else', () => {
    expect(statusOf(failure(403))).toBe(403)
    expect(statusOf(failure('403'))).toBeNull()
    expect(statusOf(new Error('Network down'))).toBeNull()
    expect(statusOf(null)).toBeNull()
    expect(statusOf('strange')).toBeNull()
  })

  it('names the four refusals the admin words, by status', () => {
    expect([401, 403, 404, 409].map(refusalOfStatus)).toEqual(['unauthorised', 'forbidden', 'notFound', 'conflict'])
    expect(refusalOfStatus(500)).toBeNull()
    expect(refusalOfStatus(429)).toBeNull()
    expect(refusalOfStatus(null)).toBeNull()
  })

  it('names an error’s refusal the same way', () => {
    expect(refusalOf(failure(409))).toBe('conflict')
    expect(refusalOf(failure(403))).toBe('forbidden')
    expect(refusalOf(failure(500))).toBeNull()
    expect(refusalOf(new Error('Network down'))).toBeNull()
  })
})
