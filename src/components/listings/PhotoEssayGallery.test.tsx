import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { PhotoEssayGallery } from './PhotoEssayGallery.tsx'
import { sampleEssay } from './ListingFixtures.ts'

describe('PhotoEssayGallery', async () => {
  it('shows the title, description, photographer, date and count', async () => {
    await renderWithRouter(<PhotoEssayGallery essay={sampleEssay} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Dawn on the Thames' })).toBeTruthy()
    expect(screen.getByText('From Putney to the estuary, the river wakes up before the city does.')).toBeTruthy()
    expect(screen.getByText('Photographs by Kofi Mensah')).toBeTruthy()
    expect(screen.getByText('Friday 13 November 2026')).toBeTruthy()
    expect(screen.getByText('4 photographs')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'UK' }).getAttribute('href')).toBe('/uk')
    expect(screen.getByRole('link', { name: 'Events' }).getAttribute('href')).toBe('/topic/events')
    expect(screen.getByRole('link', { name: 'Photo essays' }).getAttribute('href')).toBe('/photo-essays')
  })

  it('shows every photograph 800 wide with its alt text and caption, the first asked for first and the rest lazily', async () => {
    const { container } = await renderWithRouter(<PhotoEssayGallery essay={sampleEssay} />)
    const images = [...container.querySelectorAll('img')]
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'Mist lifting off the river with rowers in the distance',
      'A river bus passing under a bridge',
      '',
      'The Thames Barrier gates in early sunlight',
    ])
    expect(images.map((img) => img.getAttribute('width'))).toEqual(['800', '800', '800', '800'])
    expect(images[0]?.getAttribute('height')).toBe('450')
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy', 'lazy'])
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', null, null, null])
    const figures = screen.getAllByRole('figure')
    expect(within(figures[0]!).getByText('Mist lifts off the water at Putney as the first rowing crews head out')).toBeTruthy()
    expect(within(figures[0]!).getByText('1 of 4')).toBeTruthy()
    expect(within(figures[3]!).getByText('4 of 4')).toBeTruthy()
  })

  it('credits each photograph that names its photographer, under its caption', async () => {
    const images = sampleEssay.images!.map((image, index) => (index === 0 ? { ...image, credit: 'Kofi Mensah' } : index === 2 ? { ...image, caption: null, credit: 'Port of London Authority' } : image))
    await renderWithRouter(<PhotoEssayGallery essay={{ ...sampleEssay, images }} />)
    const figures = screen.getAllByRole('figure')
    expect(within(figures[0]!).getByText('Photograph: Kofi Mensah')).toBeTruthy()
    expect(within(figures[0]!).getByText('Mist lifts off the water at Putney as the first rowing crews head out')).toBeTruthy()
    expect(within(figures[1]!).queryByText(/^Photograph:/)).toBeNull()
    expect(within(figures[2]!).getByText('Photograph: Port of London Authority')).toBeTruthy()
  })

  it('says when an essay has no photographs yet', async () => {
    await renderWithRouter(<PhotoEssayGallery essay={{ ...sampleEssay, images: null, imageCount: 0, photographer: null }} />)
    expect(screen.getByText('The photographs for this essay are not online yet.')).toBeTruthy()
    expect(screen.queryByText(/Photographs by/)).toBeNull()
    expect(screen.getByRole('link', { name: 'More photo essays' }).getAttribute('href')).toBe('/photo-essays')
  })
})
