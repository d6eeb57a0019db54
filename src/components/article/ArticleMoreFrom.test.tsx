import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ArticleMoreFrom } from './ArticleMoreFrom.tsx'

const articles = [
  { _id: '1', title: 'Council budget vote delayed', slug: 'council-budget', publishedAt: '2026-11-21T12:00:00Z', mainImage: { asset: { _ref: 'image-abc123-1600x900-jpg' } } },
  { _id: '2', title: 'Night buses return', slug: 'night-buses', publishedAt: null, mainImage: null },
]

describe('ArticleMoreFrom', () => {
  it('lists the other articles of the category, each linking to it', () => {
    const { container } = render(<ArticleMoreFrom category={{ title: 'UK', href: '/uk' }} articles={articles} />)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('More from UK')
    expect(screen.getByRole('link', { name: 'Council budget vote delayed' }).getAttribute('href')).toBe('/article/council-budget')
    expect(screen.getByRole('link', { name: 'Night buses return' }).getAttribute('href')).toBe('/article/night-buses')
    expect(screen.getByText('Saturday 21 November 2026').tagName).toBe('TIME')
    const img = container.querySelector('img')
    expect([img?.getAttribute('width'), img?.getAttribute('height'), img?.getAttribute('loading')]).toEqual(['600', '400', 'lazy'])
    expect(screen.getByRole('link', { name: 'All UK stories' }).getAttribute('href')).toBe('/uk')
  })

  it('says it is loading until the list arrives', () => {
    render(<ArticleMoreFrom category={{ title: 'UK', href: '/uk' }} articles={null} />)
    expect(screen.getByText('Loading more from UK…')).toBeTruthy()
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
  })

  it('shows nothing when the category has no other article', () => {
    const { container } = render(<ArticleMoreFrom category={{ title: 'UK', href: '/uk' }} articles={[]} />)
    expect(container.textContent).toBe('')
  })

  it('offers no listing link for a category without one', () => {
    render(<ArticleMoreFrom category={{ title: 'Letters', href: null }} articles={articles} />)
    expect(screen.queryByRole('link', { name: /All Letters/ })).toBeNull()
  })
})
