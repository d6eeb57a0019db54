import type { SearchFilters } from '../../shared/search.ts'

/** Where a search for `text` leads: its results (within any filters), or the search page itself when there is no text. */
export function searchLocation(text: string, filters: SearchFilters = {}) {
  const chosen = Object.fromEntries(Object.entries(filters).filter(([, value]) => typeof value === 'string' && value !== '')) as SearchFilters
  return { to: '/search', search: text ? { q: text, ...chosen } : {} } as const
}
