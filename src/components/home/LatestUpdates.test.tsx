import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { LatestUpdates } from './LatestUpdates.tsx'
import { story } from './HomePage.fixtures.ts'

const now = new Date(Date.UTC(2026, 10, 21, 9, 30))

describe('LatestUpdates', () => {
  it('lists each update’s headline link, the time since publication and its first category', async () => {
    const updates = [
      story({ title: 'Met Police to trial patrols', slug: 'met-patrols', publishedAt: '2026-11-21T09:25:00.000Z', categories: [{ title: 'UK' }, { title: 'Crime' }] }),
      story({ title: 'Night buses return', slug: 'night-buses', publishedAt: '2026-11-21T07:30:00.000Z', categories: [] }),
    ]
    await renderWithRouter(<LatestUpdates articles={updates} now={now} />)
    const region = screen.getByRole('region', { name: 'Latest Updates' })
    const [first, second] = within(region).getAllByRole('listitem')
    expect(within(first!).getByRole('link', { name: 'Met Police to trial patrols' }).getAttribute('href')).toBe('/article/met-patrols')
    const time = within(first!).getByText('5 minutes ago')
    expect(time.tagName).toBe('TIME')
    expect(time.getAttribute('datetime')).toBe('2026-11-21T09:25:00.000Z')
    expect(within(first!).getByText('UK')).toBeTruthy()
    expect(within(first!).queryByText('Crime')).toBeNull()
    expect(within(second!).getByText('about 2 hours ago')).toBeTruthy()
    expect(within(second!).getByText('News')).toBeTruthy()
  })

  it('leaves out the time when an update has no date, and the link when it has no page', async () => {
    await renderWithRouter(<LatestUpdates articles={[story({ title: 'Met Police to trial patrols', slug: null, publishedAt: null, categories: null })]} now={now} />)
    const item = within(screen.getByRole('region', { name: 'Latest Updates' })).getByRole('listitem')
    expect(item.textContent).toBe('Met Police to trial patrolsNews')
    expect(within(item).queryByRole('link')).toBeNull()
  })

  it('shows nothing when there are no updates', () => {
    const { container } = render(<LatestUpdates articles={[]} now={now} />)
    expect(container.innerHTML).toBe('')
  })
})
