// The search forms of a document (the header's and the /search page's own) are plain GET forms, so a
// search works without JavaScript; the browser would send every field, empty filters too
// (`/search?q=x&section=&from=&to=`), which the server then redirects to the search's one address.
// With JavaScript the reader goes to that address at once, without the extra round trip.

const searchForms = 'form[action="/search"][method="get"]'

/** The address a search form leads to: only its filled fields. */
export function searchFormAddress(form: HTMLFormElement): string {
  const filled = [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '')
  const query = new URLSearchParams(filled).toString()
  return query ? `/search?${query}` : '/search'
}

export function sendSearchesToTheirAddress(page: Document): void {
  page.addEventListener('submit', (event) => {
    const form = event.target
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.matches(searchForms)) return
    event.preventDefault()
    page.defaultView?.location.assign(searchFormAddress(form))
  })
}
