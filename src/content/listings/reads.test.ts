import { describe, expect, it } from 'vitest'
import { readsLabel } from './reads.ts'

describe('readsLabel', () => {
  it('shows thousands with one decimal', () => {
    expect(readsLabel(1234)).toBe('1.2K reads')
    expect(readsLabel(101)).toBe('0.1K reads')
    expect(readsLabel(25_960)).toBe('26.0K reads')
  })

  it('says Popular when there is no count', () => {
    expect(readsLabel(undefined)).toBe('Popular')
    expect(readsLabel(null)).toBe('Popular')
    expect(readsLabel(0)).toBe('Popular')
  })
})
