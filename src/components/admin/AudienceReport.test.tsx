import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { AudienceReport } from './AudienceReport.tsx'
import { nothingCounted, overview } from './Audience.fixtures.ts'

describe('AudienceReport', () => {
  it('shows the reads now, hour by hour, the top articles and where readers came from', async () => {
    await renderWithRouter(<AudienceReport state={{ status: 'ready', data: overview }} window="hour" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Audience' })).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Reads now', 'Hour by hour', 'Top articles, last hour', 'Where readers came from'])
    expect(screen.getByText('Updated at 15:42:39; the numbers refresh every minute.')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Rank the top articles by' }).textContent).toBe('Last hourLast 24 hours')
    expect(screen.getByRole('link', { name: 'Last 24 hours' }).getAttribute('href')).toBe('/admin/audience?window=day')
    expect(screen.getByRole('table', { name: 'Reads by source, last 24 hours' })).toBeTruthy()
    expect(screen.getByText(/^Reads of every published article/)).toBeTruthy()
  })

  it('tells a contributor the numbers are their own articles’', async () => {
    await renderWithRouter(<AudienceReport state={{ status: 'ready', data: { ...overview, scope: 'own' } }} window="day" />)
    expect(screen.getByText(/^You see the reads of the articles you have written/)).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Top articles, last 24 hours' })).toBeTruthy()
  })

  it('says no reads were counted yet rather than drawing empty charts', async () => {
    await renderWithRouter(<AudienceReport state={{ status: 'ready', data: nothingCounted }} window="hour" />)
    expect(screen.getByText('No reads counted yet.')).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
    await renderWithRouter(<AudienceReport state={{ status: 'ready', data: { ...nothingCounted, scope: 'own' } }} window="hour" />)
    expect(screen.getByText('No reads of your articles counted yet.')).toBeTruthy()
  })

  it('keeps the numbers when a refresh fails, and says so', async () => {
    await renderWithRouter(<AudienceReport state={{ status: 'ready', data: overview, refreshError: 'Could not reach the content service.' }} window="hour" />)
    expect(screen.getByRole('status').textContent).toBe(' Could not refresh them: Could not reach the content service.')
    expect(screen.getByRole('region', { name: 'Reads now' })).toBeTruthy()
  })

  it('says it is loading, and offers a retry when loading failed', async () => {
    const onRetry = vi.fn()
    await renderWithRouter(<AudienceReport state={{ status: 'loading' }} window="hour" />)
    expect(screen.getByRole('status').textContent).toBe('Loading the reads…')
    await renderWithRouter(<AudienceReport state={{ status: 'error', message: 'Only admins, editors and contributors see what readers read' }} window="hour" onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toContain('Failed to load the reads.Only admins, editors and contributors see what readers read')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })
})
