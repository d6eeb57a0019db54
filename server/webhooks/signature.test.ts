import { isValidSignature } from '@sanity/webhook'
import { describe, expect, it } from 'vitest'
import { signatureFor } from './signature.ts'

describe('signatureFor', () => {
  it('signs as Sanity does, so @sanity/webhook accepts it and refuses a change', async () => {
    const body = JSON.stringify({ _id: 'a1', title: 'Budget day' })
    const signature = signatureFor(body, 'the secret', 1_764_000_000_000)
    expect(signature).toMatch(/^t=1764000000000,v1=[\w-]+$/)
    expect(await isValidSignature(body, signature, 'the secret')).toBe(true)
    expect(await isValidSignature(body, signature, 'another secret')).toBe(false)
    expect(await isValidSignature(body.replace('day', 'night'), signature, 'the secret')).toBe(false)
  })
})
