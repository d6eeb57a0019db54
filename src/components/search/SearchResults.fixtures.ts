// Search results for stories and tests, shaped as the service's search answers them: plain text with
// the matched words marked.

import type { SearchResultHit, SearchResultPage, TextPart } from '../../content/search/search.ts'

/** Text with the words between [ and ] marked, as the service marks them: `'[Thames] Barrier'`. */
export function marked(text: string): TextPart[] {
  return text
    .split(/(\[[^\]]*\])/)
    .filter((piece) => piece !== '')
    .map((piece) => (piece.startsWith('[') ? { text: piece.slice(1, -1), match: true } : { text: piece, match: false }))
}

export function searchHit(n: number, extra: Partial<SearchResultHit> = {}): SearchResultHit {
  return {
    _id: `article-${n}`,
    title: marked(`[Thames] story number ${n}`),
    slug: `thames-story-${n}`,
    publishedAt: new Date(Date.UTC(2026, 10, 21, 9) - n * 3_600_000).toISOString(),
    text: marked(`Reporting from the river, part ${n}.`),
    section: 'UK',
    ...extra,
  }
}

export const thamesResults: SearchResultPage = {
  total: 3,
  moreThanTotal: false,
  ranked: 3,
  ignored: [],
  hits: [
    searchHit(1, {
      title: marked('[Thames] [Barrier] closed as surge tide threatens riverside homes'),
      slug: 'thames-barrier-closed',
      text: marked('The Environment Agency closed the [barrier] twice this week as spring tides met a storm surge.'),
      publishedAt: '2026-11-20T10:00:00Z',
    }),
    searchHit(2, {
      title: marked('Walking the [Thames] Path from source to sea'),
      slug: 'walking-the-thames-path',
      text: marked('…you reach the [Thames] [Barrier] and a river almost half a mile wide.'),
      publishedAt: '2026-11-12T08:30:00Z',
      section: 'Travel',
    }),
    searchHit(3, {
      title: marked('Council budget vote delayed'),
      slug: 'council-budget-vote-delayed',
      text: [],
      publishedAt: '2026-11-02T16:45:00Z',
      section: null,
    }),
  ],
}

/**
 * Page `page` of `total` results, of which the first `ranked` can be paged through; `moreThanTotal`
 * when the service stopped counting at `total`.
 */
export function manyResults(total: number, page: number, ranked = total, moreThanTotal = false): SearchResultPage {
  const first = (page - 1) * 20
  const count = Math.max(0, Math.min(20, ranked - first))
  return { total, moreThanTotal, ranked, ignored: [], hits: Array.from({ length: count }, (_, i) => searchHit(first + i + 1)) }
}
