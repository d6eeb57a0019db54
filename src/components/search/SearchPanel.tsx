import { useId, type FormEvent, type ReactNode, type Ref } from 'react'
import { searchTextMaxLength } from '../../content/search/params.ts'
import './SearchPanel.css'

export interface SearchPanelProps {
  /** The search landmark's name; two search forms on one page need different names. */
  label: string
  /** The text already searched for (the /search page shows it in its box). */
  defaultValue?: string
  /**
   * Runs the search in the app (client-side navigation). Without it the form still works: it
   * submits to /search?q=... like any HTML form, so a search never depends on JavaScript.
   */
  onSearch?: (text: string, form: FormData) => void
  inputRef?: Ref<HTMLInputElement>
  className?: string
  /** More fields of the same form, after the box (the /search page's filters); submitted with it. */
  children?: ReactNode
}

/** A search box and its Search button. */
export function SearchPanel({ label, defaultValue = '', onSearch, inputRef, className, children }: SearchPanelProps) {
  const inputId = useId()

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!onSearch) return
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = form.get('q')
    onSearch(typeof text === 'string' ? text.trim() : '', form)
  }

  return (
    <form role="search" aria-label={label} action="/search" method="get" className={['search-panel', className].filter(Boolean).join(' ')} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search articles
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="search-panel__input"
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder="Search Resonance..."
        maxLength={searchTextMaxLength}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="search-panel__button">
        Search
      </button>
      {children}
    </form>
  )
}
