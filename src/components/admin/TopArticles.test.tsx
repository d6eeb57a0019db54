import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { TopArticles } from './TopArticles.tsx'
import { busyHours, overview } from './Audience.fixtures.ts'

const hourStarts = busyHours.map((h) => h.hour)

describe('TopArticles', () => {
  it('lists the most read first, each linked to its edit form, with its reads and its last 24 hours', async () => {
    await renderWithRouter(<TopArticles articles={overview.top} window="hour" hourStarts={hourStarts} />)
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(within(items[0]!).getByRole('link', { name: 'Thames ferry timetable changes' }).getAttribute('href')).toBe('/admin/edit/articles/ferry')
    expect(within(items[1]!).getByRole('link', { name: 'The coast in winter' }).getAttribute('href')).toBe('/admin/photo-essays/coast')
    expect(within(items[0]!).getByText(/in the last hour/).textContent).toBe('120 reads in the last hour')
    expect(within(items[0]!).getByText(/in the last 24 hours/).textContent).toBe('260 reads in the last 24 hours')
    expect(within(items[0]!).getByRole('img').getAttribute('aria-label')).toMatch(/^Reads of “Thames ferry timetable changes” hour by hour, last 24 hours: 25\d reads/)
  })

  it('names an article no longer published by its id, with no link to a form', async () => {
    await renderWithRouter(<TopArticles articles={overview.top} window="day" hourStarts={hourStarts} />)
    const gone = screen.getAllByRole('listitem')[2]!
    expect(within(gone).queryByRole('link')).toBeNull()
    expect(within(gone).getAllByRole('paragraph')[0]!.textContent).toBe('No longer published (gone)')
    expect(within(gone).getByText(/in the last hour/).textContent).toBe('1 read in the last hour')
  })

  it('says when nothing was read in the window', async () => {
    await renderWithRouter(<TopArticles articles={[]} window="hour" hourStarts={hourStarts} />)
    expect(screen.getByText('No article was read in the last hour.')).toBeTruthy()
  })
})
