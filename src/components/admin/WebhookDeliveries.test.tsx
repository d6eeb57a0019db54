import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminDateTime } from '../../content/admin/display.ts'
import { deliveries, logPage } from './Webhook.fixtures.ts'
import { WebhookDeliveries } from './WebhookDeliveries.tsx'

const rowOf = (documentHeader: HTMLElement) => within(documentHeader.closest('tr')!)

describe('WebhookDeliveries', () => {
  it('lists each delivery with its change, document, status in words, attempts, last answer and error', () => {
    render(<WebhookDeliveries state={{ status: 'ready', data: logPage }} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Delivery log: Purge the edge cache' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Showing 1–3 of 3 deliveries, newest first.')
    const table = screen.getByRole('table', { name: 'Deliveries, newest first' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Change', 'Document', 'Status', 'Attempts', 'Last answer', 'Last error'])
    const [waiting, failed, delivered] = within(table).getAllByRole('rowheader')
    expect(rowOf(waiting!).getByText('Waiting')).toBeTruthy()
    expect(rowOf(waiting!).getByText('503')).toBeTruthy()
    expect(rowOf(waiting!).getByText('The receiver answered 503: Service Unavailable')).toBeTruthy()
    expect(rowOf(waiting!).getByText(adminDateTime(deliveries[0]!.nextAttemptAt)!).getAttribute('datetime')).toBe(deliveries[0]!.nextAttemptAt)
    expect(rowOf(failed!).getByText('Failed')).toBeTruthy()
    expect(rowOf(failed!).getByText('Delete')).toBeTruthy()
    expect(rowOf(failed!).getByText('10')).toBeTruthy()
    expect(rowOf(failed!).getByText('No answer')).toBeTruthy()
    expect(rowOf(delivered!).getByText('Delivered')).toBeTruthy()
    expect(rowOf(delivered!).getByText('Create')).toBeTruthy()
    expect(rowOf(delivered!).getByText('None')).toBeTruthy()
    expect(delivered!.textContent).toBe('article-budget-2026')
  })

  it('says when nothing has been sent yet', () => {
    render(<WebhookDeliveries state={{ status: 'ready', data: { ...logPage, deliveries: [], total: 0 } }} />)
    expect(screen.getByRole('status').textContent).toBe('Nothing sent yet: deliveries appear here when a change matches the filter.')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('names the hook while loading, and says why the log failed with a way to try again', async () => {
    const user = userEvent.setup()
    const loading = render(<WebhookDeliveries state={{ status: 'loading' }} name="Purge the edge cache" />)
    expect(screen.getByRole('heading', { name: 'Delivery log: Purge the edge cache' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Loading deliveries...')
    loading.unmount()
    const onRetry = vi.fn()
    render(<WebhookDeliveries state={{ status: 'error', message: 'No such webhook' }} onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toContain('Failed to load the delivery log.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })
})
