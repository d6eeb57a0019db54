import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LiveBlogLatest } from './LiveBlogLatest.tsx'
import { liveStory, story } from './HomePage.fixtures.ts'

const now = new Date('2026-11-21T09:00:00.000Z')

describe('LiveBlogLatest', () => {
  it('marks a running live blog LIVE and lists its newest updates, each linking to the update on the blog', () => {
    const { container } = render(<LiveBlogLatest article={liveStory()} now={now} />)
    expect(screen.getByText('Live')).toBeTruthy()
    const list = screen.getByRole('list', { name: 'Latest updates: Storm Ciarán live: Thames Barrier closes as gusts reach 80mph' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      '08.52 GMTTrains stop at Reading',
      '08.40 GMTThe Environment Agency says the Thames Barrier will close ahead of this evening’s high…',
      '08.15 GMTBarrier closes',
    ])
    expect(within(list).getByRole('link', { name: 'Trains stop at Reading' }).getAttribute('href')).toBe('/article/storm-live?update=u3#update-u3')
    expect(container.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-21T08:52:00.000Z')
  })

  it('says when an update was posted on another day', () => {
    render(<LiveBlogLatest article={liveStory()} now={new Date('2026-11-22T09:00:00.000Z')} />)
    expect(screen.getAllByRole('listitem')[0]!.textContent).toBe('Sat 21 Nov 08.52 GMTTrains stop at Reading')
  })

  it('says a blog has ended, and shows LIVE alone before the first update', () => {
    const { container, rerender } = render(<LiveBlogLatest article={liveStory({ liveBlogEndedAt: '2026-11-21T18:00:00.000Z' })} now={now} />)
    expect(container.textContent).toContain('This live blog has ended.')
    expect(screen.queryByText('Live')).toBeNull()
    rerender(<LiveBlogLatest article={liveStory({ liveUpdates: [] })} now={now} />)
    expect(container.textContent).toBe('Live')
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('shows nothing for a story that is not a live blog', () => {
    const { container } = render(<LiveBlogLatest article={story()} now={now} />)
    expect(container.innerHTML).toBe('')
  })
})
