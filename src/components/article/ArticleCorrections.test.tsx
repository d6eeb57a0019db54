import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ArticleCorrections } from './ArticleCorrections.tsx'

const correction = { _key: 'c1', _type: 'correction' as const, kind: 'correction' as const, text: 'An earlier version gave the wrong route; it is the N29.', date: '2026-03-03' }

describe('ArticleCorrections', () => {
  it('says when the article was amended and how, in the order the amendments were made', () => {
    render(<ArticleCorrections corrections={[correction, { ...correction, _key: 'c2', kind: 'clarification', text: 'Fares are for Oyster.', date: '2026-03-05' }]} />)
    const foot = screen.getByRole('complementary', { name: 'Corrections and clarifications' })
    expect([...foot.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'This article was amended on 3 March 2026. An earlier version gave the wrong route; it is the N29.',
      'This article was amended on 5 March 2026. Fares are for Oyster.',
    ])
  })

  it('shows text as typed, never as markup', () => {
    const { container } = render(<ArticleCorrections corrections={[{ ...correction, text: 'It said <b>£4</b><script>alert(1)</script>.' }]} />)
    expect(container.querySelector('b, script')).toBeNull()
    expect(container.textContent).toContain('It said <b>£4</b><script>alert(1)</script>.')
  })

  it('shows nothing for an article never amended, or amendments it cannot read', () => {
    const { container, rerender } = render(<ArticleCorrections corrections={null} />)
    expect(container.innerHTML).toBe('')
    rerender(<ArticleCorrections corrections={[{ ...correction, date: 'yesterday' }, { ...correction, _key: 'c3', text: ' ' }]} />)
    expect(container.innerHTML).toBe('')
  })
})
