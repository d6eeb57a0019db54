import { useId } from 'react'
import type { SearchFilters as Filters } from '../../../shared/search.ts'
import type { SearchFilterNotice } from '../../content/search/params.ts'
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
  /** What the page says of filters in its address that the search could not use as given. */
  notices?: readonly SearchFilterNotice[]
}

/**
 * The /search page's filters: a section and a range of publication dates. Fields of the search
 * form (SearchPanel's children), so they travel in its GET address with or without JavaScript.
 * Below them, what the search did with a filter it could not use, each tied to its field.
 */
export function SearchFilters({ sections, values, notices = [] }: SearchFiltersProps) {
  const id = useId()
  const noticeId = (field: SearchFilterNotice['field']) => `${id}-${field}-notice`
  const describedBy = (field: SearchFilterNotice['field']) => (notices.some((notice) => notice.field === field) ? noticeId(field) : undefined)
  return (
    <fieldset className="search-filters">
      <legend className="search-filters__legend">Narrow the results</legend>
      <div className="search-filters__field">
        <label htmlFor={`${id}-section`}>Section</label>
        <select id={`${id}-section`} name="section" defaultValue={values.section ?? ''} aria-describedby={describedBy('section')}>
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
        <input id={`${id}-from`} type="date" name="from" defaultValue={values.from ?? ''} aria-describedby={describedBy('from')} />
      </div>
      <div className="search-filters__field">
        <label htmlFor={`${id}-to`}>Published until</label>
        <input id={`${id}-to`} type="date" name="to" defaultValue={values.to ?? ''} aria-describedby={describedBy('to')} />
      </div>
      {notices.length > 0 ? (
        <ul className="search-filters__notices">
          {notices.map((notice) => (
            <li key={notice.field} id={noticeId(notice.field)} className="search-filters__notice">
              {notice.message}
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  )
}
