import { describe, expect, it } from 'vitest'
import { refusalMessage, refusalOf, refusalOfStatus, statusOf } from './errors.ts'

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

  it('words a refusal without the transaction’s “The mutation(s) failed:” wrapper', () => {
    const words = { conflict: 'Changed meanwhile.', forbidden: 'Not your role.', failed: 'Not saved.' }
    const refused = (statusCode: number, items: unknown[]) =>
      Object.assign(new Error(`The mutation(s) failed: ${items.map((item) => (item as { error: { description: string } }).error.description).join('; ')}`), { statusCode, details: { items } })
    expect(refusalMessage(refused(400, [{ index: 0, error: { type: 'validationError', description: 'Title must be at most 200 characters long.' } }]), words)).toBe('Title must be at most 200 characters long.')
    expect(refusalMessage(refused(409, [{ index: 0, error: { type: 'documentRevisionIDDoesNotMatchError', description: 'Document "a" has unexpected revision ID' } }]), words)).toBe('Changed meanwhile.')
    expect(refusalMessage(refused(403, [{ index: 0, error: { type: 'insufficientPermissionsError', description: 'Insufficient permissions' } }]), words)).toBe('Not your role.')
    expect(refusalMessage(refused(400, [{ index: 0, error: { type: 'invalidMutationError', description: 'Unknown mutation "grow"' } }]), words)).toBe('Unknown mutation "grow"')
    expect(refusalMessage(new Error('the mutation(s) failed: Too busy'), words)).toBe('Too busy')
    expect(refusalMessage(new Error('Network down'), words)).toBe('Network down')
    expect(refusalMessage(null, words)).toBe('Not saved.')
  })
})
