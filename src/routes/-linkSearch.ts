// The address of a page behind a link in one of our emails: the link's token (`?token=`), or, after
// its button, how it went (`?status=`, and after a confirmation which newsletters come). Anything else in the address is dropped; the page's rules
// (content/pages/readerMail.ts) decide what a token or status means.

export interface LinkSearch {
  token?: string
  status?: string
  /** After a confirmation: the newsletters the subscriber will receive, as ids separated by commas. */
  newsletters?: string
}

export function linkSearch(search: Record<string, unknown>): LinkSearch {
  return {
    token: typeof search.token === 'string' ? search.token : undefined,
    status: typeof search.status === 'string' ? search.status : undefined,
    newsletters: typeof search.newsletters === 'string' ? search.newsletters : undefined,
  }
}
