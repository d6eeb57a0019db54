import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { VideoJournal } from './VideoJournal.tsx'
import { story } from './HomePage.fixtures.ts'

const video = (i: number, overrides = {}) => story({ title: `Inside the control room, part ${i}`, slug: `control-room-${i}`, mediaType: 'video', ...overrides })
/** A video link's accessible name: any picture's alt text, then "Video:" and the title. */
const videoLink = (title: string) => (name: string) => /Video:\s*(.*)$/.exec(name)?.[1] === title

describe('VideoJournal', () => {
  it('shows the first video large with its byline and the rest under Latest Videos, each linked', async () => {
    await renderWithRouter(<VideoJournal articles={[1, 2, 3, 4].map((i) => video(i))} />)
    const region = screen.getByRole('region', { name: 'Video Journal' })
    const main = within(region).getByRole('article')
    expect(within(main).getByRole('link', { name: videoLink('Inside the control room, part 1') }).getAttribute('href')).toBe('/article/control-room-1')
    expect(within(main).getByRole('link', { name: 'Priya Raman' }).getAttribute('href')).toBe('/author/priya-raman')
    expect(within(main).getByRole('link', { name: 'Priya Raman' }).parentElement?.textContent).toBe('By Priya Raman')
    expect(within(main).getByRole('img').getAttribute('width')).toBe('1200')
    expect(within(region).getByRole('heading', { level: 3, name: 'Latest Videos' })).toBeTruthy()
    const items = within(region).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    items.forEach((item, i) => {
      const link = within(item).getByRole('link', { name: videoLink(`Inside the control room, part ${i + 2}`) })
      expect(link.getAttribute('href')).toBe(`/article/control-room-${i + 2}`)
      expect(within(item).getByRole('img').getAttribute('width')).toBe('200')
    })
  })

  it('puts a play mark on every picture', async () => {
    const { container } = await renderWithRouter(<VideoJournal articles={[1, 2].map((i) => video(i))} />)
    expect(screen.getAllByRole('img')).toHaveLength(2)
    const marks = container.querySelectorAll('.story-image__play')
    expect(marks).toHaveLength(2)
    marks.forEach((mark) => expect(mark.getAttribute('aria-hidden')).toBe('true'))
  })

  it('has no Latest Videos list with a single video, and credits Staff without an author', async () => {
    await renderWithRouter(<VideoJournal articles={[video(1, { author: null, mainImage: null })]} />)
    const region = screen.getByRole('region', { name: 'Video Journal' })
    expect(within(region).queryByRole('heading', { name: 'Latest Videos' })).toBeNull()
    expect(within(region).getByRole('link', { name: videoLink('Inside the control room, part 1') })).toBeTruthy()
    expect(within(region).getByText('Staff')).toBeTruthy()
  })

  it('shows a video without a page without a link', async () => {
    await renderWithRouter(<VideoJournal articles={[video(1, { slug: null }), video(2)]} />)
    const region = screen.getByRole('region', { name: 'Video Journal' })
    expect(within(region).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/author/priya-raman', '/article/control-room-2'])
    expect(within(region).getByText('Inside the control room, part 1')).toBeTruthy()
  })

  it('shows nothing without videos', () => {
    const { container } = render(<VideoJournal articles={[]} />)
    expect(container.innerHTML).toBe('')
  })
})
