import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AudienceTotals } from './AudienceTotals.tsx'

describe('AudienceTotals', () => {
  it('gives the reads of the last 5 minutes, hour and 24 hours', () => {
    render(<AudienceTotals totals={{ last5Minutes: 1, lastHour: 212, lastDay: 12040 }} />)
    expect(screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent, term.nextElementSibling?.nextElementSibling?.textContent])).toEqual([
      ['Last 5 minutes', '1', 'read'],
      ['Last hour', '212', 'reads'],
      ['Last 24 hours', '12,040', 'reads'],
    ])
  })
})
