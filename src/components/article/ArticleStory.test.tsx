import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ArticleData } from '../../content/article/article.ts'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { ArticleStory } from './ArticleStory.tsx'

const article: ArticleData = {
  _id: 'a1',
  title: 'Thames Barrier closes twice in a week',
  slug: 'thames-barrier',
  publishedAt: '2026-11-21T12:00:00Z',
  excerpt: '<p>Spring tides <b>meet</b> a storm surge.</p>',
  mainImage: { asset: { _ref: 'image-abc123-1600x900-jpg' }, alt: 'The barrier at dusk' },
  mediaType: 'article',
  author: { name: 'Priya Raman', image: { asset: { _ref: 'image-def456-400x400-jpg' } } },
  categories: [
    { _id: 'c1', title: 'UK', slug: 'uk', kind: 'section' },
    { _id: 'c2', title: 'Events', slug: 'events', kind: 'topic' },
    null,
    { _id: 'c3', title: 'Podcasts', slug: 'podcasts', kind: 'desk' },
  ],
  body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'The barrier rose at dawn.', marks: [] }] }],
}

describe('ArticleStory', () => {
  it('shows the headline, standfirst, byline, date, lead image and body', () => {
    render(<ArticleStory article={article} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thames Barrier closes twice in a week')
    expect(screen.getByText('Spring tides meet a storm surge.')).toBeTruthy()
    expect(screen.getByText(/^By/).textContent).toBe('By Priya Raman')
    expect(screen.getByText('Saturday 21 November 2026').tagName).toBe('TIME')
    const lead = screen.getByRole('img', { name: 'The barrier at dusk' })
    expect([lead.getAttribute('width'), lead.getAttribute('height'), lead.getAttribute('loading')]).toEqual(['1200', '675', 'eager'])
    expect(screen.getByText('The barrier rose at dawn.')).toBeTruthy()
    expect(screen.queryByText('Video Report')).toBeNull()
  })

  it("links the byline's name to the author's page", async () => {
    await renderWithRouter(<ArticleStory article={{ ...article, author: { ...article.author!, slug: 'priya-raman' } }} />)
    expect(screen.getByRole('link', { name: 'Priya Raman' }).getAttribute('href')).toBe('/author/priya-raman')
  })

  it('links each category to its listing', () => {
    render(<ArticleStory article={article} />)
    const list = screen.getByRole('list', { name: 'Categories' })
    expect(within(list).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['UK', '/uk'],
      ['Events', '/topic/events'],
      ['Podcasts', '/podcasts'],
    ])
  })

  it('plays a video article’s uploaded file in a named player, its picture as the poster and its caption and credit under it', () => {
    const sha1 = 'b'.repeat(40)
    const mainImage = { ...article.mainImage!, caption: 'The barrier at dusk.', credit: 'Ruth Abara/Resonance' }
    const { container } = render(
      <ArticleStory article={{ ...article, mainImage, mediaType: 'video', video: { asset: { _ref: `file-${sha1}-mp4` }, mimeType: 'video/mp4' }, videoUrl: 'https://media.example/old.mp4' }} />,
    )
    expect(screen.getByText('Video Report')).toBeTruthy()
    const video = screen.getByLabelText(`Video: ${article.title}`)
    expect(video.querySelector('source')?.getAttribute('src')).toBe(`/files/resonance/production/${sha1}.mp4`)
    expect(video.getAttribute('poster')).toMatch(/^\/images\/resonance\/production\/abc123-1600x900\.jpg\?/)
    // The picture is the poster, not shown a second time above the body.
    expect(screen.queryByRole('img', { name: 'The barrier at dusk' })).toBeNull()
    expect(container.querySelector('figcaption')?.textContent).toBe('The barrier at dusk. Photograph: Ruth Abara/Resonance')
    expect(screen.queryByRole('link', { name: /Watch the video report/ })).toBeNull()
  })

  it('credits the lead picture after its caption, or alone', () => {
    const { container, rerender } = render(<ArticleStory article={{ ...article, mainImage: { ...article.mainImage!, caption: 'At dusk.', credit: 'Kofi Mensah/Resonance' } }} />)
    expect(container.querySelector('figcaption')?.textContent).toBe('At dusk. Photograph: Kofi Mensah/Resonance')
    rerender(<ArticleStory article={{ ...article, mainImage: { ...article.mainImage!, credit: 'Kofi Mensah/Resonance' } }} />)
    expect(container.querySelector('figcaption')?.textContent).toBe('Photograph: Kofi Mensah/Resonance')
  })

  it('tags an older video article, with no uploaded file, and links to its video address', () => {
    render(<ArticleStory article={{ ...article, mediaType: 'video', videoUrl: 'https://media.resonance.example/video/thames.mp4' }} />)
    expect(screen.getByText('Video Report')).toBeTruthy()
    expect(screen.getByRole('link', { name: /Watch the video report/ }).getAttribute('href')).toBe('https://media.resonance.example/video/thames.mp4')
  })

  it('does not link a video address with an unsafe scheme', () => {
    render(<ArticleStory article={{ ...article, mediaType: 'video', videoUrl: 'javascript:alert(1)' }} />)
    expect(screen.getByText('Video Report')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /Watch/ })).toBeNull()
  })

  it('says Staff without an author and shows no image without one', () => {
    const { container } = render(<ArticleStory article={{ ...article, author: null, mainImage: null }} />)
    expect(screen.getByText('Staff')).toBeTruthy()
    expect(container.querySelectorAll('img')).toHaveLength(0)
  })
})
