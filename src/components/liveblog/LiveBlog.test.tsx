import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { fixtureBlog, fixtureNow, fixturePage } from './liveBlog.fixtures.ts'
import { LiveBlog, LiveBlogBody } from './LiveBlog.tsx'

describe('LiveBlog', () => {
  it('is the article’s head with the LIVE mark, then the key events and the updates', async () => {
    await renderWithRouter(<LiveBlog article={fixtureBlog} page={fixturePage} now={fixtureNow} origin="https://resonance.example" />)
    const story = screen.getByRole('article', { name: 'Storm Isolde live: amber wind warning for London' })
    expect(within(story).getByText('Live')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Key events' })).toBeTruthy()
    const share = screen.getByRole('link', { name: 'Share by email: Gusts of 68mph recorded at Canary Wharf' }).getAttribute('href') ?? ''
    expect(new URLSearchParams(share.slice('mailto:?'.length)).get('body')).toBe('https://resonance.example/article/storm-live?update=u3#update-u3')
  })

  it('says when it has ended', async () => {
    await renderWithRouter(<LiveBlog article={{ ...fixtureBlog, liveBlogEndedAt: '2026-11-27T22:15:00.000Z' }} page={fixturePage} now={fixtureNow} origin="https://resonance.example" />)
    expect(screen.getByText(/This live blog has ended/)).toBeTruthy()
    expect(screen.queryByText('Live')).toBeNull()
  })

  it('on an open page: how fresh it is, the new updates waiting, the live region, and updates that arrived marked', async () => {
    const onShowNew = vi.fn()
    const onRetry = vi.fn()
    const live = { connection: 'offline' as const, pollSeconds: 10, onRetry, held: 2, onShowNew, announcement: '2 new updates above.', arrived: (id: string) => id === 'u3' }
    await renderWithRouter(<LiveBlogBody title="Storm live" slug="storm-live" page={fixturePage} now={fixtureNow} origin="https://resonance.example" live={live} />)
    fireEvent.click(screen.getByRole('button', { name: '2 new updates' }))
    expect(onShowNew).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('status', { name: 'Live blog announcements' }).textContent).toBe('2 new updates above.')
    expect(document.getElementById('update-u3')?.className).toContain('live-update--arrived')
    expect(document.getElementById('update-u2')?.className).not.toContain('live-update--arrived')
  })
})
