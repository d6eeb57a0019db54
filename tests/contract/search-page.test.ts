// The /search page as the service renders it for a reader (src/entry-server.tsx, what
// server/service.ts hands it): on a paper upgraded to a release whose search indexes changed, the
// service's search refuses with 503 `searchIndexRefillingError` until its index is refilled, and
// the page answers from its GROQ `match` query instead: the same articles, never an empty "no
// results" (docs/decisions/041-refills-after-listen.md). And what of its address it could not use:
// filters said on the page and the search run without them, a page past the last said as such.

import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseGroq } from '../../server/groq/selection.ts'
import { pageSearchRequest } from '../../server/http/search.ts'
import { DocumentReader } from '../../server/query/documents.ts'
import { RowScanner } from '../../server/query/scan.ts'
import { SearchReader } from '../../server/search/index.ts'
import { Store } from '../../server/store/store.ts'
import { searchRefillingErrorType } from '../../shared/search.ts'
import { renderPage } from '../../src/entry-server.tsx'

const dataset = 'production'
let dir = ''
let store: Store
let db: Database.Database

const article = (id: string, title: string, publishedAt: string, extra: Record<string, unknown> = {}) => ({ _id: id, _type: 'article', title, slug: { _type: 'slug', current: id.replace(/^drafts\./, '') }, publishedAt, ...extra })
const inUk = { categories: [{ _type: 'reference', _key: 'k', _ref: 'cat-uk' }] }

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'resonance-search-page-'))
  const before = new Store(dir)
  before.createDataset(dataset)
  await before.commit(dataset, [
    { createOrReplace: { _id: 'cat-uk', _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' } },
    { createOrReplace: article('bridge', 'Bridge reopens after a year of repairs', '2026-11-20T10:00:00Z', { excerpt: 'Hammersmith Bridge is open to buses again.', ...inUk }) },
    { createOrReplace: article('tower', 'Tower Bridge lifts for a tall ship', '2026-11-25T10:00:00Z') },
    { createOrReplace: article('budget', 'Council budget vote delayed', '2026-11-26T10:00:00Z', inUk) },
    { createOrReplace: article('drafts.secret', 'Bridge to be sold, say secret plans', '2026-11-27T10:00:00Z') },
  ])
  before.close()
  // Stored by the release before: both search indexes out of date, as a new release's versions would find them.
  const old = new Database(join(dir, 'content.db'))
  old.exec(`UPDATE search_meta SET value = '0'`)
  old.close()
  // Opened as the service opens it: the refill waits until after it listens, and is not run here.
  store = new Store(dir, { refill: 'later' })
  db = new Database(join(dir, 'content.db'), { readonly: true, fileMustExist: true })
})

afterAll(() => {
  db?.close()
  store?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Each GROQ query as a query worker answers it meanwhile: from the indexes that are ready, else by a pass. */
async function query(text: string, params: Record<string, unknown>): Promise<unknown> {
  const reader = new DocumentReader(db, 32 * 1024 * 1024)
  const tree = parseGroq(text, params)
  return reader.snapshot(() => new RowScanner(db).answer(tree, dataset, 'anonymous', params, '', reader.source(dataset, 'anonymous', 500)))
}

/** The page's text, without React's markers between text parts. */
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('the /search page while the search index is refilled', () => {
  it("answers from its GROQ query when the service's search says it is refilling, with the words marked", async () => {
    expect(store.pendingRefills).toContain('version')
    const refusals: unknown[] = []
    const search = async (request: Parameters<typeof pageSearchRequest>[0], name: string) => {
      try {
        return new SearchReader(db).search(name, pageSearchRequest(request))
      } catch (error) {
        refusals.push((error as { body?: { error?: { type?: unknown } } }).body?.error?.type)
        throw error
      }
    }
    const page = await renderPage('/search?q=bridge', query, { origin: 'https://news.example', dataset, search })
    expect(refusals).toEqual([searchRefillingErrorType])
    expect(page.status).toBe(200)
    expect(text(page.html)).toContain('2 results for “bridge”')
    expect(page.html.replace(/<!-- -->/g, '')).toContain('<mark>Bridge</mark> reopens after a year of repairs')
    expect(page.html).not.toContain('secret')
    expect(text(page.html)).not.toContain('We could not search')

    // The filters of its address it could not use: said beside the form, the search run without them.
    const filtered = await renderPage('/search?q=bridge&section=nonsense&from=2026-13-45', query, { origin: 'https://news.example', dataset, search })
    // Kept at the address the reader asked for, not sent on to one without them.
    expect([filtered.status, filtered.redirect]).toEqual([200, null])
    const shown = text(filtered.html)
    expect(shown).toContain('Section: there is no section “nonsense”, so the results are from every section.')
    expect(shown).toContain('Published from: “2026-13-45” is not a date, so the search left it out.')
    expect(shown).toContain('2 results for “bridge”')
    const backwards = await renderPage('/search?q=bridge&from=2026-11-30&to=2026-11-01', query, { origin: 'https://news.example', dataset, search })
    expect([backwards.status, backwards.redirect]).toEqual([200, null])
    expect(text(backwards.html)).toContain('Published from was after Published until, so the results are from the days between them.')
    // The days between them: both stories of November, and the form holds the dates in their order.
    expect(text(backwards.html)).toContain('2 results for “bridge”')
    expect(backwards.html).toMatch(/name="from" value="2026-11-01"/)
    expect(backwards.html).toMatch(/name="to" value="2026-11-30"/)
  })

  it('answers from the index once it is refilled, and says which pages there are past the last the service answers', async () => {
    await store.refillInBackground((task) => setImmediate(task))
    expect(store.pendingRefills).toEqual([])
    const search = async (request: Parameters<typeof pageSearchRequest>[0], name: string) => new SearchReader(db).search(name, pageSearchRequest(request))
    const page = await renderPage('/search?q=bridge', query, { origin: 'https://news.example', dataset, search })
    expect(text(page.html)).toContain('2 results for “bridge”')
    // The service answers pages 1 to 50; the page does not ask it for the 60th, nor fail.
    const far = await renderPage('/search?q=bridge&page=60', query, { origin: 'https://news.example', dataset, search })
    expect(far.status).toBe(200)
    expect(text(far.html)).toContain('There is no page 60 of results for “bridge”: the 2 results fit on 1 page.')
    // More words than one search may hold: said, the words kept in the box, the service not asked.
    const words = 'bridge tower repairs ship buses council budget vote river barrier tide homes storm wind power schools trains'
    const long = await renderPage(`/search?q=${encodeURIComponent(words)}`, query, { origin: 'https://news.example', dataset, search })
    expect(long.status).toBe(200)
    expect(text(long.html)).toContain(`Search for at most 16 words or phrases at a time: “${words}” has 17.`)
    expect(long.html).toMatch(new RegExp(`type="search"[^>]*value="${words}"`))
  })
})
