import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SourceBreakdown } from './SourceBreakdown.tsx'
import { sourcesOf } from './Audience.fixtures.ts'

describe('SourceBreakdown', () => {
  it('is a table of each source’s reads and share, under its caption', () => {
    render(<SourceBreakdown sources={sourcesOf(120, 40, 25, 0, 8, 5)} caption="Reads by source, last 24 hours" />)
    const table = screen.getByRole('table', { name: 'Reads by source, last 24 hours' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Source', 'Reads', 'Share'])
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Search engines12061%', 'Social networks4020%', 'Newsletters2513%', 'Other sites00%', 'Resonance’s own pages84%', 'Direct or unknown53%'])
  })

  it('gives every share as 0% when there were no reads', () => {
    render(<SourceBreakdown sources={sourcesOf(0, 0, 0, 0, 0, 0)} caption="Where its readers came from" />)
    expect(screen.getAllByText('0%')).toHaveLength(6)
  })
})
