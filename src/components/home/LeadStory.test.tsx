import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { LeadStory } from './LeadStory.tsx'
import { story } from './HomePage.fixtures.ts'

const lead = story({
  title: 'Council budget vote delayed',
  slug: 'council-budget-vote',
  publishedAt: '2026-11-21T09:00:00.000Z',
  excerpt: '<p>Ministers <em>weigh</em> emergency funding &amp; a rescue plan</p>',
})

describe('LeadStory', () => {
  it('shows the headline linked to the article, byline, long date, excerpt and picture', async () => {
    await renderWithRouter(<LeadStory article={lead} />)
    const region = screen.getByRole('region', { name: 'Lead Story' })
    const link = within(region).getByRole('link', { name: 'Council budget vote delayed' })
    expect(link.getAttribute('href')).toBe('/article/council-budget-vote')
    expect(within(region).getByRole('heading', { level: 3, name: 'Council budget vote delayed' })).toBeTruthy()
    const author = within(region).getByRole('link', { name: 'Priya Raman' })
    expect(author.getAttribute('href')).toBe('/author/priya-raman')
    expect(author.parentElement?.textContent).toBe('By Priya Raman')
    const date = within(region).getByText('Saturday 21 November 2026')
    expect(date.tagName).toBe('TIME')
    expect(date.getAttribute('datetime')).toBe('2026-11-21T09:00:00.000Z')
    expect(within(region).getByText('Ministers weigh emergency funding & a rescue plan')).toBeTruthy()
    expect(within(region).queryByText('Video Report')).toBeNull()
    const img = within(region).getByRole('img', { name: 'A red bus on an empty street' })
    expect(img.getAttribute('width')).toBe('1200')
    expect(img.getAttribute('loading')).toBe('eager')
  })

  it('tags a video story as a Video Report', async () => {
    await renderWithRouter(<LeadStory article={{ ...lead, mediaType: 'video' }} />)
    expect(within(screen.getByRole('region', { name: 'Lead Story' })).getByText('Video Report')).toBeTruthy()
  })

  it('credits Staff and leaves out what the story does not have', async () => {
    await renderWithRouter(<LeadStory article={{ ...lead, author: null, excerpt: '<p></p>', publishedAt: null, mainImage: null }} />)
    const region = screen.getByRole('region', { name: 'Lead Story' })
    expect(within(region).getByText('Staff')).toBeTruthy()
    expect(region.textContent).toBe('Lead StoryCouncil budget vote delayedStaff')
    expect(within(region).queryByRole('img')).toBeNull()
  })

  it('shows the headline as plain text when the story has no page', async () => {
    await renderWithRouter(<LeadStory article={{ ...lead, slug: null }} />)
    const region = screen.getByRole('region', { name: 'Lead Story' })
    expect(within(region).getByRole('heading', { level: 3, name: 'Council budget vote delayed' })).toBeTruthy()
    // Only the author's name still leads somewhere: to the author's page.
    expect(within(region).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/author/priya-raman'])
  })
})
