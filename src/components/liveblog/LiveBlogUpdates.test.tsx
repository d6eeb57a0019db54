import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { fixtureNow, fixturePage } from './liveBlog.fixtures.ts'
import { LiveBlogUpdates } from './LiveBlogUpdates.tsx'

const props = {
  now: fixtureNow,
  blogTitle: 'Storm live',
  shareUrl: (id: string) => `https://resonance.example/article/storm-live?update=${id}#update-${id}`,
  updateHref: (id: string) => `/article/storm-live?update=${id}#update-${id}`,
}

describe('LiveBlogUpdates', () => {
  it('shows the pinned update, then the updates newest first, then a link to older updates', async () => {
    await renderWithRouter(<LiveBlogUpdates page={fixturePage} {...props} />)
    const pinned = screen.getByRole('region', { name: 'Pinned' })
    expect(within(pinned).getByRole('heading', { level: 3 }).textContent).toBe('Where to find the latest travel advice')
    expect(within(pinned).getByRole('link', { name: '16.19 GMT' }).getAttribute('href')).toBe('#update-u1')
    const stream = screen.getByRole('region', { name: 'Latest updates' })
    expect(within(stream).getAllByRole('article').map((article) => article.id)).toEqual(['update-u3', 'update-u2', 'update-u1'])
    const pager = screen.getByRole('navigation', { name: 'Pages of updates' })
    expect(within(pager).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Older updates', '/article/storm-live?page=1']])
  })

  it('on an older page: names the page, leaves the pin to the first page, and links both ways', async () => {
    await renderWithRouter(<LiveBlogUpdates page={{ ...fixturePage, page: 2, newerHref: '/article/storm-live', olderHref: '/article/storm-live?page=1' }} {...props} />)
    expect(screen.queryByRole('region', { name: 'Pinned' })).toBeNull()
    expect(screen.getByRole('region', { name: 'Older updates, page 2' })).toBeTruthy()
    const pager = screen.getByRole('navigation', { name: 'Pages of updates' })
    expect(within(pager).getAllByRole('link').map((link) => link.textContent)).toEqual(['Newer updates', 'Older updates'])
  })

  it('says so when there are no updates yet', async () => {
    await renderWithRouter(<LiveBlogUpdates page={{ ...fixturePage, total: 0, updates: [], pinned: null, keyEvents: [], olderHref: null }} {...props} />)
    expect(screen.getByText('No updates yet.')).toBeTruthy()
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('links a pinned update that is on another page to the address that finds it', async () => {
    await renderWithRouter(<LiveBlogUpdates page={{ ...fixturePage, updates: fixturePage.updates.slice(0, 2) }} {...props} />)
    const pinned = screen.getByRole('region', { name: 'Pinned' })
    expect(within(pinned).getByRole('link', { name: '16.19 GMT' }).getAttribute('href')).toBe('/article/storm-live?update=u1#update-u1')
  })
})
