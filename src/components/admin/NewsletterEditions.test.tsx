import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { NewsletterEditions } from './NewsletterEditions.tsx'
import { newslettersPage } from './Newsletters.fixtures.ts'

describe('NewsletterEditions', () => {
  it('lists every edition with its state in words, each leading to its page', async () => {
    await renderWithRouter(<NewsletterEditions state={{ status: 'ready', data: newslettersPage }} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'New edition of From the Editors' }).getAttribute('href')).toBe('/admin/newsletters/new')
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['The Morning Briefing', 'From the Editors'])
    expect(screen.getByText('4 editions, newest first.')).toBeTruthy()
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Draft, would go to 41 confirmed subscribers now',
      expect.stringMatching(/^Scheduled for .*, would go to 41 confirmed subscribers now$/),
      'Sent to 1 of 3 subscribers, 1 failed, 1 not sent (unsubscribed meanwhile)',
      'Kept, not sent (no mail server): 2 subscribers would have received it',
    ])
    expect(screen.getByRole('link', { name: 'Kept for the outbox' }).getAttribute('href')).toBe('/admin/newsletters/ed-kept')
  })

  it('says when nothing is sent because no mail server is configured, and when there are no editions', async () => {
    await renderWithRouter(<NewsletterEditions state={{ status: 'ready', data: { ...newslettersPage, delivery: 'outbox', editions: [], total: 0 } }} />)
    expect(screen.getByText(/^No SMTP server is configured \(SMTP_URL\): editions are kept, not sent/)).toBeTruthy()
    expect(screen.getByText('No editions yet.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says what failed to load and offers to try again', async () => {
    const onRetry = vi.fn()
    await renderWithRouter(<NewsletterEditions state={{ status: 'error', message: 'Could not reach the content service.' }} onRetry={onRetry} />)
    expect(screen.getByText(/Could not reach the content service\./)).toBeTruthy()
    screen.getByRole('button', { name: /try again|retry/i }).click()
    expect(onRetry).toHaveBeenCalledOnce()
  })
})
