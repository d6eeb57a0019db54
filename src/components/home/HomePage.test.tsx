import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { HomePage } from './HomePage.tsx'
import { sampleHomepage, story } from './HomePage.fixtures.ts'

const now = new Date(Date.UTC(2026, 10, 21, 9, 30))
const props = { status: 'live' as const, pollSeconds: 10, onRetry: () => {}, now }

function section(name: string) {
  return screen.getByRole('region', { name })
}

describe('HomePage', () => {
  it('says the news could not be loaded when the first fetch failed, with a way to try again, not a spinner', async () => {
    for (const status of ['connecting', 'live'] as const) {
      const { unmount } = await renderWithRouter(<HomePage {...props} homepage={null} status={status} />)
      expect(screen.getByRole('alert').textContent, status).toBe('The news could not be loaded.Try again')
      // Asks for the page again: it works with JavaScript off, and the feed may not fetch by itself.
      expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/')
      expect(screen.queryByRole('status', { name: 'Loading the latest news' })).toBeNull()
      expect(screen.queryByRole('region')).toBeNull()
      unmount()
    }
  })

  it('names each section by its heading and links every story to its article', async () => {
    const homepage = sampleHomepage()
    await renderWithRouter(<HomePage {...props} homepage={homepage} />)
    for (const name of ['Breaking News', 'Lead Story', 'Featured Stories', 'Trending', 'Latest Updates', 'Video Journal']) {
      expect(section(name)).toBeTruthy()
    }
    const lead = homepage.sections.lead!
    expect(within(section('Lead Story')).getByRole('link', { name: lead.title }).getAttribute('href')).toBe(`/article/${lead.slug}`)
    const breaking = homepage.sections.breaking!
    expect(within(section('Breaking News')).getByRole('link', { name: breaking.title }).getAttribute('href')).toBe(`/article/${breaking.slug}`)
  })

  it('writes bylines, dates, labels and counts the spec way', async () => {
    const homepage = sampleHomepage()
    await renderWithRouter(<HomePage {...props} homepage={homepage} />)
    const lead = section('Lead Story')
    expect(within(lead).getByRole('link', { name: 'Priya Raman' }).parentElement?.textContent).toBe('By Priya Raman')
    expect(within(lead).getByText(/^\w+day \d{1,2} November 2026$/)).toBeTruthy()
    const featured = section('Featured Stories')
    // Default label FEATURES for a story without categories, 'Staff' without an author.
    expect(within(featured).getByText('FEATURES')).toBeTruthy()
    expect(within(featured).getByText('Staff')).toBeTruthy()
    expect(within(featured).getAllByRole('link', { name: /^Continue Reading/ })).toHaveLength(3)
    const trending = section('Trending')
    expect(within(trending).getByText('26.0K reads')).toBeTruthy()
    expect(within(trending).getByText('1.2K reads')).toBeTruthy()
    expect(within(trending).getByText('Popular')).toBeTruthy()
    const latest = section('Latest Updates')
    expect(within(latest).getAllByText(/ ago$/).length).toBe(5)
    // The second update has no category: the default is News.
    expect(within(latest).getByText('News')).toBeTruthy()
  })

  it('tags a video lead story and shows the video journal as one large and a list of the rest', async () => {
    const homepage = sampleHomepage()
    homepage.sections.lead = story({ mediaType: 'video', title: 'Inside the control room' })
    await renderWithRouter(<HomePage {...props} homepage={homepage} />)
    expect(within(section('Lead Story')).getByText('Video Report')).toBeTruthy()
    const videos = section('Video Journal')
    expect(within(videos).getByRole('heading', { name: 'Latest Videos' })).toBeTruthy()
    // The large video's link and its author's, and one for each of the other three.
    expect(within(videos).getAllByRole('link')).toHaveLength(5)
  })

  it('reserves each image’s space and loads only the lead eagerly', async () => {
    await renderWithRouter(<HomePage {...props} homepage={sampleHomepage()} />)
    const images = screen.getAllByRole('img')
    for (const img of images) {
      expect(img.getAttribute('width')).toMatch(/^\d+$/)
      expect(img.getAttribute('height')).toMatch(/^\d+$/)
      expect(img.getAttribute('srcset')).toContain('auto=format')
    }
    const eager = images.filter((img) => img.getAttribute('loading') === 'eager')
    expect(eager).toHaveLength(1)
    expect(within(section('Lead Story')).getByRole('img')).toBe(eager[0])
  })

  it('says so when nothing is published, and when the news cannot be loaded', async () => {
    const empty = { sections: { breaking: null, lead: null, featured: [], latest: [], videos: [], trending: [] }, violations: [], warnings: [] }
    const { unmount } = await renderWithRouter(<HomePage {...props} homepage={empty} />)
    expect(screen.getByText('No stories have been published yet.')).toBeTruthy()
    unmount()
    await renderWithRouter(<HomePage {...props} homepage={null} status="offline" />)
    expect(screen.getByRole('alert').textContent).toBe('The news could not be loaded. We will keep trying.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
