import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { searchFilterNotices, searchSections } from '../../content/search/params.ts'
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
    expect(screen.queryByRole('listitem')).toBeNull()
  })

  it('says under the fields what the search did with a filter it could not use, each described by its own', () => {
    const notices = searchFilterNotices({ section: 'nonsense', from: '2026-13-45' })
    render(
      <form>
        <SearchFilters sections={searchSections} values={{}} notices={notices} />
      </form>,
    )
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(notices.map((notice) => notice.message))
    const description = (field: HTMLElement) => {
      const id = field.getAttribute('aria-describedby')
      return id === null ? null : document.getElementById(id)?.textContent
    }
    expect(description(screen.getByRole('combobox', { name: 'Section' }))).toBe('Section: there is no section “nonsense”, so the results are from every section.')
    expect(description(screen.getByLabelText('Published from'))).toBe('Published from: “2026-13-45” is not a date, so the search left it out.')
    expect(description(screen.getByLabelText('Published until'))).toBeNull()
  })
})
