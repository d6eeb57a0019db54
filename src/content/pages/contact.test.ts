import { describe, expect, it } from 'vitest'
import { telHref } from './contact.ts'

describe('telHref', () => {
  it('dials a London number in international form', () => {
    expect(telHref('020 7946 0123')).toBe('tel:+442079460123')
  })
})
