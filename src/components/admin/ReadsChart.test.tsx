import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ReadsChart } from './ReadsChart.tsx'
import { busyHours, hoursOf } from './Audience.fixtures.ts'

describe('ReadsChart', () => {
  it('draws one bar an hour, named by what it shows: the total and the most read hour', () => {
    const { container } = render(<ReadsChart hours={busyHours} title="Reads hour by hour, last 24 hours" />)
    const drawing = screen.getByRole('img')
    expect(drawing.getAttribute('aria-label')).toBe('Reads hour by hour, last 24 hours: 500 reads in the last 24 hours; the most, 93, from 15:00 to 16:00.')
    expect(container.querySelectorAll('rect')).toHaveLength(24)
    expect(screen.getByText('500 reads in the last 24 hours; the most, 93, from 15:00 to 16:00.')).toBeTruthy()
  })

  it('has the same numbers as a table, with a caption and headers, behind Show the numbers', async () => {
    render(<ReadsChart hours={busyHours} title="Reads hour by hour, last 24 hours" />)
    await userEvent.click(screen.getByText('Show the numbers'))
    const table = screen.getByRole('table', { name: 'Reads hour by hour, last 24 hours' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Hour (London)', 'Reads'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(24)
    expect(rows[0]!.textContent).toBe('16:00–17:004')
    expect(within(rows[23]!).getByRole('rowheader').textContent).toBe('15:00–16:00')
    expect(within(rows[23]!).getByRole('cell').textContent).toBe('93')
  })

  it('says so when nothing was read', () => {
    render(<ReadsChart hours={hoursOf([])} title="Its reads" size="small" />)
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Its reads: No reads counted in the last 24 hours.')
  })
})
