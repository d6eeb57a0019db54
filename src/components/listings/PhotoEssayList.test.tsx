import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { PhotoEssayList } from './PhotoEssayList.tsx'
import { sampleEssays, sampleNow } from './ListingFixtures.ts'

describe('PhotoEssayList', () => {
  it('shows each essay with its first image, title link, description and image count', async () => {
    await renderWithRouter(<PhotoEssayList essays={sampleEssays} now={sampleNow} />)
    expect(screen.getByRole('link', { name: 'Dawn on the Thames' }).getAttribute('href')).toBe('/photo-essays/dawn-on-the-thames')
    expect(screen.getByText('From Putney to the estuary, the river wakes up before the city does.')).toBeTruthy()
    expect(screen.getByText('4 photographs')).toBeTruthy()
    expect(screen.getByText('By Kofi Mensah')).toBeTruthy()
    expect(screen.getByText('Friday 13 November 2026').getAttribute('datetime')).toBe('2026-11-13T19:37:40.000Z')
    const cover = screen.getByRole('img', { name: 'Mist over the river at Putney' })
    expect(cover.getAttribute('width')).toBe('600')
    expect(cover.getAttribute('height')).toBe('400')
    expect(cover.getAttribute('loading')).toBe('eager')
    expect(cover.getAttribute('fetchpriority')).toBe('high')
  })

  it('shows an essay without a cover or photographer tidily', async () => {
    await renderWithRouter(<PhotoEssayList essays={[sampleEssays[1]!]} now={sampleNow} />)
    expect(screen.getByRole('link', { name: 'Carnival in colour: two days in Notting Hill' })).toBeTruthy()
    expect(screen.getByText('1 photograph')).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByText(/^By /)).toBeNull()
  })
})
