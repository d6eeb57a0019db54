/** Where a search for `text` leads: its results, or the search page itself when there is no text. */
export function searchLocation(text: string) {
  return { to: '/search', search: text ? { q: text } : {} } as const
}
