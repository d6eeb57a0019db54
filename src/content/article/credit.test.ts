import { describe, expect, it } from 'vitest'
import { creditLine } from './credit.ts'

describe('creditLine', () => {
  it('reads "Photograph: {credit}", its spaces tidied', () => {
    expect(creditLine({ credit: 'Kofi Mensah/Resonance' })).toBe('Photograph: Kofi Mensah/Resonance')
    expect(creditLine({ credit: '  Ruth\n Abara ' })).toBe('Photograph: Ruth Abara')
  })

  it('is null for an image without a credit, a blank one or one that is not text', () => {
    expect(creditLine(null)).toBeNull()
    expect(creditLine({})).toBeNull()
    expect(creditLine({ credit: '   ' })).toBeNull()
    expect(creditLine({ credit: 42 })).toBeNull()
  })
})
