import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { adminDateTime } from '../../content/admin/display.ts'
import { MessageView, type MessageViewProps } from './MessageView.tsx'
import { messages } from './Newsroom.fixtures.ts'

const [bus, markup, read, blank] = messages as [(typeof messages)[0], (typeof messages)[0], (typeof messages)[0], (typeof messages)[0]]
const opened = { ...bus, readAt: '2026-11-21T07:00:00Z' }

function props(overrides: Partial<MessageViewProps> = {}): MessageViewProps {
  return { state: { status: 'ready', data: opened }, back: {}, onMarkUnread: async () => {}, ...overrides }
}

describe('MessageView', () => {
  it('shows the whole message as the reader wrote it, line breaks and all', async () => {
    await renderWithRouter(<MessageView {...props()} />)
    const article = screen.getByRole('article', { name: 'The 38 bus story' })
    expect(within(article).getByRole('heading', { level: 1, name: 'The 38 bus story' })).toBeTruthy()
    expect(within(article).getByText('Ada Okafor', { exact: false })).toBeTruthy()
    expect(within(article).getByText('<ada.okafor@example.com>')).toBeTruthy()
    expect(within(article).getByText(adminDateTime(bus._createdAt)!).getAttribute('datetime')).toBe(bus._createdAt)
    expect(within(article).getByText(adminDateTime(opened.readAt)!).closest('dd')!.textContent).toBe(`Read ${adminDateTime(opened.readAt)}`)
    expect(within(article).getByText((_, element) => element?.className === 'message-view__body').textContent).toBe(bus.message)
  })

  it('shows markup a reader typed as text', async () => {
    const { container } = await renderWithRouter(<MessageView {...props({ state: { status: 'ready', data: markup } })} />)
    expect(screen.getByRole('heading', { level: 1, name: '<script>alert("hi")</script> Letters page' })).toBeTruthy()
    expect(screen.getByText(markup.message)).toBeTruthy()
    expect(container.querySelector('script, img, b, em')).toBeNull()
  })

  it('offers a reply by email only to a plain address', async () => {
    const first = await renderWithRouter(<MessageView {...props()} />)
    expect(screen.getByRole('link', { name: 'Reply by email' }).getAttribute('href')).toBe('mailto:ada.okafor@example.com?subject=Re%3A%20The%2038%20bus%20story')
    first.unmount()
    await renderWithRouter(<MessageView {...props({ state: { status: 'ready', data: blank } })} />)
    expect(screen.queryByRole('link', { name: 'Reply by email' })).toBeNull()
    expect(screen.getByRole('heading', { level: 1, name: '(no subject)' })).toBeTruthy()
  })

  it('marks the message unread, busy until it is done', async () => {
    const user = userEvent.setup()
    let finish: () => void = () => {}
    const onMarkUnread = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    await renderWithRouter(<MessageView {...props({ state: { status: 'ready', data: read }, onMarkUnread })} />)
    await user.click(screen.getByRole('button', { name: 'Mark as unread' }))
    const busy = screen.getByRole('button', { name: 'Marking as unread...' })
    expect(busy.getAttribute('aria-disabled')).toBe('true')
    await user.click(busy)
    expect(onMarkUnread.mock.calls).toEqual([[read]])
    await act(async () => finish())
    expect(screen.getByRole('button', { name: 'Mark as unread' })).toBeTruthy()
  })

  it('has no Mark as unread for a message that is unread', async () => {
    await renderWithRouter(<MessageView {...props({ state: { status: 'ready', data: bus } })} />)
    expect(screen.getByText('Unread')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Mark as unread' })).toBeNull()
  })

  it('leads back to the inbox view it was opened from', async () => {
    await renderWithRouter(<MessageView {...props({ back: { show: 'unread', page: 3 } })} />)
    expect(screen.getByRole('link', { name: 'Back to inbox' }).getAttribute('href')).toBe('/admin/inbox?show=unread&page=3')
  })

  it('says it is loading, and why it failed with a way to try again', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    const loading = await renderWithRouter(<MessageView {...props({ state: { status: 'loading' } })} />)
    expect(screen.getByRole('status').textContent).toBe('Loading message...')
    loading.unmount()
    await renderWithRouter(<MessageView {...props({ state: { status: 'error', message: 'Message not found' }, onRetry })} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Failed to load the message.')
    expect(alert.textContent).toContain('Message not found')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
    expect(screen.getByRole('link', { name: 'Back to inbox' }).getAttribute('href')).toBe('/admin/inbox')
  })
})
