// The /search page's own search: GET /v{version}/search/{dataset}?q=&section=&from=&to=&page=.
// Anonymous and published-only (the index holds nothing else), answered by a query worker within
// the anonymous query limits and queue (engine.search); bad input is a 400 in the protocol's shape.
// docs/content-api.md and docs/decisions/022-search-index.md.

import { searchDay, searchMaxPage, searchSection, searchTextMaxChars } from '../../shared/search.ts'
import { typedError } from '../errors.ts'
import type { SearchRequest } from '../search/index.ts'
import { sendPublicQuery } from './respond.ts'
import type { ApiDeps, Context } from './route.ts'

function refuse(description: string): never {
  throw typedError(400, 'searchError', description)
}

/** The search an address asks for, or a 400 saying what is wrong with it. */
export function searchRequestOf(url: URL): SearchRequest {
  const get = (name: string): string | null => {
    const values = url.searchParams.getAll(name)
    if (values.length > 1) refuse(`Give "${name}" once`)
    const value = values[0]?.trim()
    return value === undefined || value === '' ? null : value
  }
  const q = url.searchParams.get('q') ?? ''
  if (url.searchParams.getAll('q').length > 1) refuse('Give "q" once')
  if (Array.from(q).length > searchTextMaxChars) refuse(`The search text is longer than ${searchTextMaxChars.toLocaleString('en-GB')} characters: search for fewer words`)
  const sectionText = get('section')
  const section = sectionText === null ? null : searchSection(sectionText)
  if (sectionText !== null && section === null) refuse('"section" must be a section\'s slug, such as "uk"')
  const day = (name: 'from' | 'to'): string | null => {
    const text = get(name)
    if (text === null) return null
    const value = searchDay(text)
    if (value === null) refuse(`"${name}" must be a date written YYYY-MM-DD, such as 2026-11-27`)
    return value
  }
  const from = day('from')
  const to = day('to')
  if (from !== null && to !== null && from > to) refuse('"from" must be on or before "to"')
  const pageText = get('page') ?? '1'
  const page = /^\d{1,3}$/.test(pageText) ? Number(pageText) : NaN
  if (!(page >= 1 && page <= searchMaxPage)) refuse(`"page" must be a whole number from 1 to ${searchMaxPage}`)
  return { q, section, from, to, page }
}

/** A search the pages make (src/content/search/search.ts PageSearch), checked as the endpoint checks its address. */
export function pageSearchRequest(search: { q: string; page: number; section?: string; from?: string; to?: string }): SearchRequest {
  const params = new URLSearchParams({ q: search.q, page: String(search.page) })
  for (const name of ['section', 'from', 'to'] as const) if (search[name]) params.set(name, search[name])
  return searchRequestOf(new URL(`http://page/?${params.toString()}`))
}

export function search({ queries }: ApiDeps) {
  return async ({ req, res, url, params: { dataset }, address }: Context): Promise<void> => {
    const started = performance.now()
    const request = searchRequestOf(url)
    const json = await queries.search(dataset!, request, address())
    sendPublicQuery(req, res, Buffer.from(`{"result":${json},"ms":${Math.round(performance.now() - started)}}`), dataset!)
  }
}
