import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { ArticleCard, type ArticleCardProps } from './ArticleCard.tsx'
import { sampleArticle, sampleNow } from './ListingFixtures.ts'

const renderCard = (props: Partial<ArticleCardProps> = {}) => renderWithRouter(<ArticleCard article={sampleArticle(1)} now={sampleNow} {...props} />)

describe('ArticleCard', () => {
  it('shows the category, a title linking to the article, the excerpt, byline and date', async () => {
    await renderCard({ article: sampleArticle(1, { title: 'Thames Barrier closes twice' }) })
    expect(screen.getByRole('heading', { level: 2, name: 'Thames Barrier closes twice' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Thames Barrier closes twice' }).getAttribute('href')).toBe('/article/council-agrees-cycle-lanes-1')
    expect(screen.getByText('UK')).toBeTruthy()
    expect(screen.getByText('The scheme links Brixton to the river and will be built in stages over the next two years.')).toBeTruthy()
    const author = screen.getByRole('link', { name: 'Tom Whitcombe' })
    expect(author.getAttribute('href')).toBe('/author/tom-whitcombe')
    expect(author.parentElement?.textContent).toBe('By Tom Whitcombe')
    const time = screen.getByText('about 5 hours ago')
    expect(time.tagName).toBe('TIME')
    expect(time.getAttribute('datetime')).toBe('2026-11-21T07:00:00.000Z')
  })

  it('sizes the image for a card, with alt text, loading it lazily by default', async () => {
    await renderCard()
    const img = screen.getByRole('img', { name: 'Cyclists on a painted lane beside a bus stop' })
    expect(img.getAttribute('width')).toBe('600')
    expect(img.getAttribute('height')).toBe('400')
    expect(img.getAttribute('src')).toMatch(/^\/images\/resonance\/production\/a1b2c3d4e5f6-1600x900\.jpg\?/)
    expect(img.getAttribute('srcset')).toContain(' 600w')
    expect(img.getAttribute('sizes')).toContain('100vw')
    expect(img.getAttribute('loading')).toBe('lazy')
  })

  it('loads the image at once in the first row', async () => {
    await renderCard({ eager: true })
    expect(screen.getByRole('img').getAttribute('loading')).toBe('eager')
  })

  it('falls back to Staff, News and a card without an image', async () => {
    const { container } = await renderCard({ article: sampleArticle(3, { author: null, categories: null, mainImage: null }) })
    expect(screen.getByText('Staff')).toBeTruthy()
    expect(screen.getByText('News')).toBeTruthy()
    expect(container.querySelector('img')).toBeNull()
  })

  it('shows HTML in an excerpt as plain words', async () => {
    await renderCard({ article: sampleArticle(4, { excerpt: '<p>Fares <strong onclick="x()">rise</strong> again &amp; again</p>' }) })
    expect(screen.getByText('Fares rise again & again')).toBeTruthy()
  })

  it('writes the full date for articles older than a week', async () => {
    await renderCard({ article: sampleArticle(5, { publishedAt: '2026-09-14T18:00:00Z' }) })
    expect(screen.getByText('Monday 14 September 2026').getAttribute('datetime')).toBe('2026-09-14T18:00:00.000Z')
  })

  it('marks a video with a play overlay that says Video', async () => {
    const { container } = await renderCard({ article: sampleArticle(2, { mediaType: 'video' }) })
    expect(screen.getByText('Video')).toBeTruthy()
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
  })

  it('still says Video when a video has no image, and not for other articles', async () => {
    const video = await renderCard({ article: sampleArticle(2, { mediaType: 'video', mainImage: null }) })
    expect(screen.getByText('Video')).toBeTruthy()
    video.unmount()
    await renderCard({ article: sampleArticle(2) })
    expect(screen.queryByText('Video')).toBeNull()
  })

  it('shows the read count and rank in a trending list', async () => {
    await renderCard({ article: sampleArticle(1, { readCount: 25_960 }), rank: 3, showReads: true })
    expect(screen.getByText('26.0K reads')).toBeTruthy()
    expect(screen.getByText('3').getAttribute('aria-hidden')).toBe('true')
  })
})
