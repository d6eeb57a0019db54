import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { fixtureNow, fixtureUpdates } from './liveBlog.fixtures.ts'
import { LiveUpdateCard } from './LiveUpdateCard.tsx'

const [keyEvent, edited, unsigned] = fixtureUpdates as [(typeof fixtureUpdates)[0], (typeof fixtureUpdates)[0], (typeof fixtureUpdates)[0]]
const share = 'https://resonance.example/article/storm-live?update=u3#update-u3'

describe('LiveUpdateCard', () => {
  it('shows when (London time, how long ago), Key event, headline, body and byline, under its permalink', async () => {
    await renderWithRouter(<LiveUpdateCard update={keyEvent} now={fixtureNow} shareUrl={share} blogTitle="Storm live" />)
    const card = screen.getByRole('article', { name: 'Gusts of 68mph recorded at Canary Wharf' })
    expect(card.id).toBe('update-u3')
    const time = within(card).getByRole('link', { name: '18.23 GMT' })
    expect(time.getAttribute('href')).toBe('#update-u3')
    expect(within(card).getByText('7 minutes ago')).toBeTruthy()
    expect(within(card).getByText('Key event')).toBeTruthy()
    expect(within(card).getByText(/strongest gust so far/)).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Tom Whitcombe' }).getAttribute('href')).toBe('/author/tom-whitcombe')
    expect(within(card).queryByText(/Updated/)).toBeNull()
  })

  it('says Updated when edited after posting, and Staff without an author', async () => {
    await renderWithRouter(
      <>
        <LiveUpdateCard update={edited} now={fixtureNow} shareUrl={share} blogTitle="Storm live" />
        <LiveUpdateCard update={unsigned} now={fixtureNow} shareUrl={share} blogTitle="Storm live" />
      </>,
    )
    const card = screen.getByRole('article', { name: '17.49 GMT 41 minutes ago' })
    expect(within(card).getByText('Updated').textContent).toBe('Updated 18.01 GMT')
    expect(within(card).queryByText('Key event')).toBeNull()
    expect(within(screen.getByRole('article', { name: 'Where to find the latest travel advice' })).getByText('Staff')).toBeTruthy()
  })

  it('shares the update’s lasting address by email, with its headline as the subject', async () => {
    await renderWithRouter(<LiveUpdateCard update={keyEvent} now={fixtureNow} shareUrl={share} blogTitle="Storm live" />)
    const link = screen.getByRole('link', { name: 'Share by email: Gusts of 68mph recorded at Canary Wharf' })
    const href = link.getAttribute('href') ?? ''
    expect(href.startsWith('mailto:?')).toBe(true)
    const params = new URLSearchParams(href.slice('mailto:?'.length))
    expect(params.get('subject')).toBe('Gusts of 68mph recorded at Canary Wharf: Storm live')
    expect(params.get('body')).toBe(share)
  })

  it('names the day of an update posted before today in London, and a pinned copy links to the update', async () => {
    await renderWithRouter(
      <LiveUpdateCard update={{ ...keyEvent, publishedAt: '2026-11-26T09:05:00.000Z' }} now={fixtureNow} shareUrl={share} blogTitle="Storm live" placement="pinned" permalink="/article/storm-live?update=u3#update-u3" />,
    )
    const card = screen.getByRole('article')
    expect(card.id).toBe('pinned-update-u3')
    expect(within(card).getByRole('link', { name: 'Thu 26 Nov 09.05 GMT' }).getAttribute('href')).toBe('/article/storm-live?update=u3#update-u3')
  })

  it('shows text that looks like markup as typed', async () => {
    await renderWithRouter(<LiveUpdateCard update={{ ...keyEvent, headline: '<img src=x onerror=alert(1)> Barrier' }} now={fixtureNow} shareUrl={share} blogTitle="Storm live" />)
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Barrier')
    expect(document.querySelector('img')).toBeNull()
  })
})
