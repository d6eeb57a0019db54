import { describe, expect, it } from 'vitest'
import { checkIdentifier } from './identifier.ts'

describe('checkIdentifier', () => {
  it('accepts 1 to 200 letters, digits, underscores and dashes', () => {
    expect(checkIdentifier('a')).toBe('a')
    expect(checkIdentifier('Thames_barrier-2026')).toBe('Thames_barrier-2026')
    expect(checkIdentifier('x'.repeat(200))).toBe('x'.repeat(200))
  })

  it('rejects anything else as null', () => {
    for (const bad of ['', 'x'.repeat(201), 'has space', 'dot.slug', '../etc', 'ünïcode', '<script>', 'a/b', 42, null, undefined]) {
      expect(checkIdentifier(bad)).toBeNull()
    }
  })
})
