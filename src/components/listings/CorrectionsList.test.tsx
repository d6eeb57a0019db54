import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { CorrectionsList } from './CorrectionsList.tsx'

const entries = [
  { _key: 'k2', kind: 'clarification', text: 'The fares are for Oyster and contactless.', date: '2026-03-05', title: 'Fares rise again', slug: 'fares-rise-again' },
  { _key: 'k1', kind: 'correction', text: 'An earlier version said <b>N38</b>; it is the N29.', date: '2026-03-03', title: 'Night buses return', slug: 'night-buses-return' },
]

describe('CorrectionsList', () => {
  it('gives each amendment’s kind, day, article (linked) and words, in the order given', async () => {
    await renderWithRouter(<CorrectionsList corrections={entries} />)
    const items = screen.getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'Clarification5 March 2026Fares rise againThe fares are for Oyster and contactless.',
      'Correction3 March 2026Night buses returnAn earlier version said <b>N38</b>; it is the N29.',
    ])
    expect(screen.getByRole('link', { name: 'Night buses return' }).getAttribute('href')).toBe('/article/night-buses-return')
    expect(screen.getByText('5 March 2026').getAttribute('datetime')).toBe('2026-03-05')
    // Plain text: what looks like markup is shown as typed.
    expect(document.querySelector('.corrections-list b')).toBeNull()
  })
})
