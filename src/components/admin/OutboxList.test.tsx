import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { adminDateTime } from '../../content/admin/display.ts'
import { emails, outboxPage } from './Newsroom.fixtures.ts'
import { OutboxList, type OutboxListProps } from './OutboxList.tsx'

function props(overrides: Partial<OutboxListProps> = {}): OutboxListProps {
  return { state: { status: 'ready', data: outboxPage }, page: 1, ...overrides }
}

const emailNamed = (subject: string) => within(screen.getByRole('article', { name: subject }))

describe('OutboxList', () => {
  it('says plainly that email is not being sent when no SMTP server is configured', async () => {
    await renderWithRouter(<OutboxList {...props()} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Outbox' })).toBeTruthy()
    expect(screen.getByText('Email is not being sent: no SMTP server is configured (SMTP_URL). Emails are kept here instead.')).toBeTruthy()
  })

  it('says email is sent when an SMTP server is configured', async () => {
    await renderWithRouter(<OutboxList {...props({ state: { status: 'ready', data: { ...outboxPage, delivery: 'smtp' } } })} />)
    expect(screen.getByText(/Email is sent through the configured SMTP server/)).toBeTruthy()
    expect(screen.queryByText(/Email is not being sent/)).toBeNull()
  })

  it('lists each email with its recipient, date and outcome in words', async () => {
    await renderWithRouter(<OutboxList {...props()} />)
    expect(screen.getByRole('list', { name: 'Emails, newest first' })).toBeTruthy()
    expect(screen.getAllByRole('article')).toHaveLength(emails.length)
    const held = emailNamed('Confirm your Resonance newsletter subscription')
    expect(held.getByText('Kept, not sent')).toBeTruthy()
    expect(held.getByText('new.reader@example.com')).toBeTruthy()
    expect(held.getByText(adminDateTime(emails[0]!._createdAt)!).getAttribute('datetime')).toBe(emails[0]!._createdAt)
    const failed = emailNamed('We received your message')
    expect(failed.getByText('Failed')).toBeTruthy()
    expect(failed.getByText('Why it failed').nextElementSibling!.textContent).toBe('connect ECONNREFUSED 127.0.0.1:587')
    expect(emailNamed('Welcome to Resonance').getByText('Sent')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Showing 1–3 of 30 emails.')
  })

  it('opens an email’s text, as plain text', async () => {
    const user = userEvent.setup()
    const { container } = await renderWithRouter(<OutboxList {...props()} />)
    const failed = emailNamed('We received your message')
    const details = failed.getByText('Read the email').closest('details')!
    expect(details.open).toBe(false)
    await user.click(failed.getByText('Read the email'))
    expect(details.open).toBe(true)
    expect(failed.getByText(emails[1]!.text)).toBeTruthy()
    expect(container.querySelector('b')).toBeNull()
  })

  it('says when nothing has been sent', async () => {
    await renderWithRouter(<OutboxList {...props({ state: { status: 'ready', data: { ...outboxPage, emails: [], total: 0, pageCount: 1 } } })} />)
    expect(screen.getByRole('status').textContent).toBe('No emails yet.')
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('says it is loading, and why it failed with a way to try again', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    const loading = await renderWithRouter(<OutboxList {...props({ state: { status: 'loading' } })} />)
    expect(screen.getByRole('status').textContent).toBe('Loading emails...')
    loading.unmount()
    await renderWithRouter(<OutboxList {...props({ state: { status: 'error', message: 'Could not reach the content service.' }, onRetry })} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Failed to load the outbox.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })
})
