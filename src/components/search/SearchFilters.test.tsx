import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { searchSections } from '../../content/search/search.ts'
import { SearchFilters } from './SearchFilters.tsx'

describe('SearchFilters', () => {
  it('offers every section and two dates, each with its name, holding the search\u2019s filters', () => {
    render(
      <form>
        <SearchFilters sections={searchSections} values={{ section: 'sport', from: '2026-11-01' }} />
      </form>,
    )
    expect(screen.getByRole('group', { name: 'Narrow the results' })).toBeTruthy()
    const section = screen.getByRole('combobox', { name: 'Section' }) as HTMLSelectElement
    expect([...section.options].map((option) => option.textContent)).toEqual(['All sections', 'UK', 'World', 'Comment', 'Life & Style', 'Business & Money', 'Sport', 'Culture', 'Travel'])
    expect(section.value).toBe('sport')
    expect((screen.getByLabelText('Published from') as HTMLInputElement).value).toBe('2026-11-01')
    expect((screen.getByLabelText('Published until') as HTMLInputElement).value).toBe('')
    // Named as the search's address names them, so the form works as a plain GET form.
    expect([section.name, (screen.getByLabelText('Published from') as HTMLInputElement).name, (screen.getByLabelText('Published until') as HTMLInputElement).name]).toEqual(['section', 'from', 'to'])
  })
})
