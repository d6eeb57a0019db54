import { useId, useState, type FormEvent } from 'react'
import { type FilterOption } from '../../content/admin/articleList.ts'
import { articleSortLabels, articleSorts, defaultArticleSort, hasFilters, statusFilterLabels, statusFilters, type ArticleListSearch, type ArticleSort, type StatusFilter } from '../../content/admin/addresses.ts'
import './AdminArticleFilters.css'

export interface AdminArticleFiltersProps {
  /** The list's current URL state. */
  search: ArticleListSearch
  categories: FilterOption[]
  authors: FilterOption[]
  /**
   * What to change in the URL state; every change goes back to the first page. A change rather than
   * the whole next state, so two quick choices both count even if the first has not loaded yet.
   */
  onChange: (change: ArticleListSearch) => void
}

/**
 * Search, filters and sort for the article list. Choosing from a list applies at once (it changes
 * only the table below, never the page); the title search applies when submitted, so the list
 * does not reload on every keystroke.
 */
export function AdminArticleFilters({ search, categories, authors, onChange }: AdminArticleFiltersProps) {
  const id = useId()
  const [text, setText] = useState(search.q ?? '')
  // When the address changes underneath (Back, Clear filters), the box shows the search in force.
  const [shownQuery, setShownQuery] = useState(search.q)
  if (search.q !== shownQuery) {
    setShownQuery(search.q)
    setText(search.q ?? '')
  }

  const change = (next: ArticleListSearch) => onChange({ ...next, page: undefined })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = text.trim()
    change({ q: q === '' ? undefined : q })
  }

  return (
    <form className="article-filters" role="search" aria-label="Articles" onSubmit={submit}>
      <div className="article-filters__field article-filters__field--search">
        <label htmlFor={`${id}-q`}>Search titles</label>
        <div className="article-filters__search">
          <input id={`${id}-q`} type="search" name="q" value={text} onChange={(e) => setText(e.target.value)} maxLength={200} />
          <button type="submit">Search</button>
        </div>
      </div>
      <div className="article-filters__field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} value={search.status ?? ''} onChange={(e) => change({ status: (e.target.value || undefined) as StatusFilter | undefined })}>
          <option value="">Any status</option>
          {statusFilters.map((status) => (
            <option key={status} value={status}>
              {statusFilterLabels[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="article-filters__field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select id={`${id}-category`} value={search.category ?? ''} onChange={(e) => change({ category: e.target.value || undefined })}>
          <option value="">Any category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <div className="article-filters__field">
        <label htmlFor={`${id}-author`}>Author</label>
        <select id={`${id}-author`} value={search.author ?? ''} onChange={(e) => change({ author: e.target.value || undefined })}>
          <option value="">Any author</option>
          {authors.map((author) => (
            <option key={author.id} value={author.id}>
              {author.name}
            </option>
          ))}
        </select>
      </div>
      <div className="article-filters__field">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          value={search.sort ?? defaultArticleSort}
          onChange={(e) => {
            const sort = e.target.value as ArticleSort
            change({ sort: sort === defaultArticleSort ? undefined : sort })
          }}
        >
          {articleSorts.map((sort) => (
            <option key={sort} value={sort}>
              {articleSortLabels[sort]}
            </option>
          ))}
        </select>
      </div>
      {hasFilters(search) ? (
        <button type="button" className="article-filters__clear" onClick={() => change({ q: undefined, status: undefined, category: undefined, author: undefined })}>
          Clear filters
        </button>
      ) : null}
    </form>
  )
}
