import { useId } from 'react'
import type { SearchFilters as Filters } from '../../../shared/search.ts'
import './SearchFilters.css'

export interface SectionOption {
  label: string
  slug: string
}

export interface SearchFiltersProps {
  /** The sections a reader may limit a search to. */
  sections: readonly SectionOption[]
  /** The filters of the search shown. */
  values: Filters
}

/**
 * The /search page's filters: a section and a range of publication dates. Fields of the search
 * form (SearchPanel's children), so they travel in its GET address with or without JavaScript.
 */
export function SearchFilters({ sections, values }: SearchFiltersProps) {
  const id = useId()
  return (
    <fieldset className="search-filters">
      <legend className="search-filters__legend">Narrow the results</legend>
      <div className="search-filters__field">
        <label htmlFor={`${id}-section`}>Section</label>
        <select id={`${id}-section`} name="section" defaultValue={values.section ?? ''}>
          <option value="">All sections</option>
          {sections.map((section) => (
            <option key={section.slug} value={section.slug}>
              {section.label}
            </option>
          ))}
        </select>
      </div>
      <div className="search-filters__field">
        <label htmlFor={`${id}-from`}>Published from</label>
        <input id={`${id}-from`} type="date" name="from" defaultValue={values.from ?? ''} />
      </div>
      <div className="search-filters__field">
        <label htmlFor={`${id}-to`}>Published until</label>
        <input id={`${id}-to`} type="date" name="to" defaultValue={values.to ?? ''} />
      </div>
    </fieldset>
  )
}
