import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ArticleReads } from './ArticleReads.tsx'
import { articleReads, hoursOf, sourcesOf } from './Audience.fixtures.ts'

const none = { ...articleReads, totals: { last5Minutes: 0, lastHour: 0, lastDay: 0, allTime: 0 }, hours: hoursOf([]), sources: sourcesOf(0, 0, 0, 0, 0, 0) }

describe('ArticleReads', () => {
  it('gives the article’s reads: all counted, the last 24 hours hour by hour, and its sources', () => {
    render(<ArticleReads state={{ status: 'ready', data: articleReads }} />)
    const panel = screen.getByRole('region', { name: 'Reads' })
    expect(within(panel).getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent])).toEqual([
      ['All counted', '1,450'],
      ['Last 24 hours', '260'],
      ['Last hour', '120'],
    ])
    expect(within(panel).getByRole('img').getAttribute('aria-label')).toMatch(/^Its reads hour by hour, last 24 hours: 25\d reads in the last 24 hours/)
    expect(within(panel).getByRole('table', { name: 'Where its readers came from, every read counted' })).toBeTruthy()
  })

  it('says no reads were counted yet, or that a draft is not published', () => {
    render(<ArticleReads state={{ status: 'ready', data: none }} />)
    expect(screen.getByText('No reads counted yet.')).toBeTruthy()
    render(<ArticleReads state={{ status: 'ready', data: { ...none, published: false, type: null, title: null } }} />)
    expect(screen.getByText('Not published: reads are counted once readers can open it.')).toBeTruthy()
  })

  it('says it is loading, and offers a retry when loading failed', async () => {
    const onRetry = vi.fn()
    render(<ArticleReads state={{ status: 'loading' }} />)
    expect(screen.getByText('Loading the reads…')).toBeTruthy()
    render(<ArticleReads state={{ status: 'error', message: 'Could not reach the content service.' }} onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toContain('Failed to load the reads. Could not reach the content service.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })
})
