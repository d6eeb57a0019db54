import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { adminDateTime } from '../../content/admin/display.ts'
import { subscriberPage, subscribers } from './Newsroom.fixtures.ts'
import { SubscriberTable, type SubscriberTableProps } from './SubscriberTable.tsx'

function props(overrides: Partial<SubscriberTableProps> = {}): SubscriberTableProps {
  return { state: { status: 'ready', data: subscriberPage }, page: 1, status: 'all', onStatus: () => {}, onExport: async () => {}, ...overrides }
}

const rowOf = (email: string) => screen.getByRole('rowheader', { name: email }).closest('tr')!

describe('SubscriberTable', () => {
  it('shows the counts by status and a table of subscribers', async () => {
    await renderWithRouter(<SubscriberTable {...props()} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeTruthy()
    const counts = screen.getByRole('region', { name: 'Subscribers by status' })
    expect(within(counts).getAllByRole('term').map((t) => `${t.textContent} ${t.nextElementSibling?.textContent}`)).toEqual(['Pending 14', 'Confirmed 98', 'Unsubscribed 8'])
    const table = screen.getByRole('table', { name: 'Subscribers, newest first' })
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Email', 'Newsletters', 'Status', 'Subscribed', 'Confirmed', 'Unsubscribed'])
    expect(within(table).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(subscribers.map((s) => s.email))
    expect(screen.getByRole('status').textContent).toBe('Showing 1–3 of 120 subscribers.')
  })

  it('gives each subscriber’s newsletters, status and dates, and a dash for what has not happened', async () => {
    await renderWithRouter(<SubscriberTable {...props()} />)
    const pending = within(rowOf('new.reader@example.com'))
    expect(pending.getByText('The Morning Briefing')).toBeTruthy()
    expect(within(rowOf('weekend.reader@example.com')).getByText('The Morning Briefing, From the Editors')).toBeTruthy()
    expect(pending.getByText('Pending')).toBeTruthy()
    expect(pending.getAllByText('—')).toHaveLength(2)
    const gone = within(rowOf(subscribers[2]!.email))
    expect(gone.getByText('None')).toBeTruthy()
    expect(gone.getByText('Unsubscribed')).toBeTruthy()
    expect(gone.getByText(adminDateTime('2026-11-02T17:20:00Z')!).getAttribute('datetime')).toBe('2026-11-02T17:20:00Z')
  })

  it('filters by status', async () => {
    const user = userEvent.setup()
    const onStatus = vi.fn()
    await renderWithRouter(<SubscriberTable {...props({ onStatus })} />)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Confirmed')
    expect(onStatus).toHaveBeenCalledWith('confirmed')
  })

  it('names the filtered list in its caption and status line', async () => {
    const confirmed = { ...subscriberPage, subscribers: [subscribers[1]!], total: 1, pageCount: 1 }
    await renderWithRouter(<SubscriberTable {...props({ status: 'confirmed', state: { status: 'ready', data: confirmed } })} />)
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('confirmed')
    expect(screen.getByRole('table', { name: 'Confirmed subscribers, newest first' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Showing 1–1 of 1 confirmed subscriber.')
  })

  it('exports what the filter shows, busy until the file is saved', async () => {
    const user = userEvent.setup()
    let finish: () => void = () => {}
    const onExport = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    await renderWithRouter(<SubscriberTable {...props({ status: 'pending', onExport })} />)
    const button = screen.getByRole('button', { name: 'Export CSV' })
    expect(button.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe('Exports every pending subscriber, on every page.')
    await user.click(button)
    await user.click(screen.getByRole('button', { name: 'Exporting...' }))
    expect(onExport.mock.calls).toEqual([['pending']])
    await act(async () => finish())
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy()
  })

  it('says when there are no subscribers', async () => {
    const none = { ...subscriberPage, subscribers: [], total: 0, pageCount: 1, counts: { pending: 0, confirmed: 0, unsubscribed: 0 } }
    const first = await renderWithRouter(<SubscriberTable {...props({ state: { status: 'ready', data: none } })} />)
    expect(screen.getByRole('status').textContent).toBe('No subscribers yet.')
    expect(screen.queryByRole('table')).toBeNull()
    first.unmount()
    await renderWithRouter(<SubscriberTable {...props({ status: 'unsubscribed', state: { status: 'ready', data: none } })} />)
    expect(screen.getByRole('status').textContent).toBe('No unsubscribed subscribers.')
  })

  it('says it is loading, and why it failed with a way to try again', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    const loading = await renderWithRouter(<SubscriberTable {...props({ state: { status: 'loading' } })} />)
    expect(screen.getByRole('status').textContent).toBe('Loading subscribers...')
    loading.unmount()
    await renderWithRouter(<SubscriberTable {...props({ state: { status: 'error', message: 'The content service answered 502.' }, onRetry })} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Failed to load subscribers.')
    expect(alert.textContent).toContain('The content service answered 502.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })
})
