import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { adminDateTime } from '../../content/admin/display.ts'
import { InboxList, type InboxListProps } from './InboxList.tsx'
import { inboxPage, messages } from './Newsroom.fixtures.ts'

function props(overrides: Partial<InboxListProps> = {}): InboxListProps {
  return { state: { status: 'ready', data: inboxPage }, page: 1, show: 'all', onShow: () => {}, ...overrides }
}

const rowOf = (subject: string | RegExp) => screen.getByRole('link', { name: subject }).closest('tr')!

describe('InboxList', () => {
  it('lists the messages newest first with the unread count', async () => {
    await renderWithRouter(<InboxList {...props()} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Inbox' })).toBeTruthy()
    const table = screen.getByRole('table', { name: 'Messages, newest first' })
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Status', 'Subject', 'From', 'Received'])
    expect(within(table).getAllByRole('rowheader')).toHaveLength(messages.length)
    expect(screen.getByRole('status').textContent).toBe('2 unread. Showing 1–4 of 54 messages.')
  })

  it('says which messages are unread in words, in the row and in the link’s name', async () => {
    await renderWithRouter(<InboxList {...props()} />)
    const unread = within(rowOf('The 38 bus story, unread'))
    expect(unread.getByText('Unread')).toBeTruthy()
    expect(rowOf('The 38 bus story, unread').className).toContain('inbox-list__row--unread')
    const read = within(rowOf('Thank you for the flood coverage'))
    expect(read.getByText('Read')).toBeTruthy()
    expect(read.queryByText('Unread')).toBeNull()
    expect(read.getByText(adminDateTime('2026-11-19T09:05:00Z')!).getAttribute('datetime')).toBe('2026-11-19T09:05:00Z')
  })

  it('shows what readers wrote as text, never as markup', async () => {
    const { container } = await renderWithRouter(<InboxList {...props()} />)
    const row = within(rowOf(/Letters page/))
    expect(row.getByText('<b>Tom</b> Whitcombe')).toBeTruthy()
    expect(screen.getByRole('link', { name: '<script>alert("hi")</script> Letters page, unread' })).toBeTruthy()
    expect(row.getByText('I would like to write for the <em>letters</em> page. <img src=x onerror=alert(1)>')).toBeTruthy()
    expect(container.querySelector('script, img, b, em')).toBeNull()
  })

  it('opens a message at its own address, remembering the view it came from', async () => {
    await renderWithRouter(<InboxList {...props({ show: 'unread', page: 2 })} />)
    expect(screen.getByRole('link', { name: 'The 38 bus story, unread' }).getAttribute('href')).toBe('/admin/inbox/msg-bus?show=unread&page=2')
    expect(screen.getByRole('link', { name: '(no subject)' }).getAttribute('href')).toBe('/admin/inbox/msg-blank?show=unread&page=2')
  })

  it('filters between all and unread messages, saying which is chosen', async () => {
    const user = userEvent.setup()
    const onShow = vi.fn()
    await renderWithRouter(<InboxList {...props({ onShow })} />)
    const filter = screen.getByRole('group', { name: 'Show messages' })
    expect(within(filter).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true')
    expect(within(filter).getByRole('button', { name: 'Unread' }).getAttribute('aria-pressed')).toBe('false')
    await user.click(within(filter).getByRole('button', { name: 'All' }))
    await user.click(within(filter).getByRole('button', { name: 'Unread' }))
    expect(onShow.mock.calls).toEqual([['unread']])
  })

  it('says when there is nothing to read', async () => {
    const empty = { ...inboxPage, messages: [], total: 0, unread: 0, pageCount: 1 }
    const first = await renderWithRouter(<InboxList {...props({ state: { status: 'ready', data: empty } })} />)
    expect(screen.getByRole('status').textContent).toBe('No messages yet.')
    expect(screen.queryByRole('table')).toBeNull()
    first.unmount()
    await renderWithRouter(<InboxList {...props({ show: 'unread', state: { status: 'ready', data: empty } })} />)
    expect(screen.getByRole('status').textContent).toBe('No unread messages.')
  })

  it('counts only unread messages when showing them', async () => {
    const unreadOnly = { ...inboxPage, messages: messages.slice(0, 2), total: 2, pageCount: 1 }
    await renderWithRouter(<InboxList {...props({ show: 'unread', state: { status: 'ready', data: unreadOnly } })} />)
    expect(screen.getByRole('table', { name: 'Unread messages, newest first' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Showing 1–2 of 2 unread messages.')
  })

  it('says it is loading, and why it failed with a way to try again', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    const loading = await renderWithRouter(<InboxList {...props({ state: { status: 'loading' } })} />)
    expect(screen.getByRole('status').textContent).toBe('Loading messages...')
    loading.unmount()
    await renderWithRouter(<InboxList {...props({ state: { status: 'error', message: 'Forbidden' }, onRetry })} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Failed to load messages.')
    expect(alert.textContent).toContain('Forbidden')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })
})
