import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DeliveryLog } from './DeliveryLog.tsx'
import { deliveries, keptEdition, sentEdition, stories } from './Newsletters.fixtures.ts'

describe('DeliveryLog', () => {
  it('counts what went, what failed and who left meanwhile, and shows each subscriber’s outcome and why it failed', () => {
    render(<DeliveryLog edition={sentEdition} stories={stories.slice(0, 2)} deliveries={{ status: 'ready', data: deliveries }} page={1} />)
    expect(screen.getByRole('heading', { level: 1, name: 'A week of the night economy' })).toBeTruthy()
    expect(screen.getByText(/Sent to 1 of 3 subscribers, 1 failed/)).toBeTruthy()
    const counts = Object.fromEntries(Array.from(document.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]))
    expect(counts).toEqual({ Subscribers: '3', Sent: '1', Failed: '1', 'Waiting or retrying': '0', 'Not sent (unsubscribed)': '1' })
    expect(screen.getByText('The 2 stories it carried')).toBeTruthy()
    expect(screen.getByText('Showing 1–3 of 3.')).toBeTruthy()
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell, i) => (i === 3 ? '' : cell.textContent)))).toEqual([
      ['ada@example.com', 'Sent', '1', '', 'None'],
      ['bo@example.com', 'Failed', '3', '', '550 mailbox unavailable'],
      ['cy@example.com', 'Not sent (unsubscribed)', '0', '', 'None'],
    ])
  })

  it('never calls a kept edition sent', () => {
    render(<DeliveryLog edition={keptEdition} stories={[]} deliveries={{ status: 'ready', data: { deliveries: [], page: 1, pageCount: 1, total: 0 } }} page={1} />)
    expect(screen.getByText(/Kept, not sent \(no mail server\): 2 subscribers would have received it/)).toBeTruthy()
    expect(Array.from(document.querySelectorAll('dt')).map((dt) => dt.textContent)).toEqual(['Kept, not sent'])
    expect(screen.queryByText(/^Sent/)).toBeNull()
    expect(screen.getByText('Nobody was queued for this edition.')).toBeTruthy()
  })

  it('says the per-subscriber rows were removed once the retention rule ran, never that nobody was queued', () => {
    const removed = { ...sentEdition, logRemovedAt: '2026-12-20T08:00:00Z' }
    render(<DeliveryLog edition={removed} stories={[]} deliveries={{ status: 'ready', data: { deliveries: [], page: 1, pageCount: 1, total: 0 } }} page={1} />)
    expect(screen.getByRole('status').textContent).toMatch(/^Each subscriber’s row was removed on .+; the counts above are kept\.$/)
    expect(screen.queryByText('Nobody was queued for this edition.')).toBeNull()
    expect(screen.getByText('Subscribers').nextElementSibling?.textContent).toBe('3')
  })
})
