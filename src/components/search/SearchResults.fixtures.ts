// Search results for stories and tests, shaped as the search query returns them.

import type { SearchHit, SearchResultPage } from '../../content/search/search.ts'

export function searchHit(n: number, extra: Partial<SearchHit> = {}): SearchHit {
  return {
    _id: `article-${n}`,
    title: `Thames story number ${n}`,
    slug: `thames-story-${n}`,
    publishedAt: new Date(Date.UTC(2026, 10, 21, 9) - n * 3_600_000).toISOString(),
    excerpt: `Reporting from the river, part ${n}.`,
    section: 'UK',
    ...extra,
  }
}

export const thamesResults: SearchResultPage = {
  total: 3,
  hits: [
    searchHit(1, {
      title: 'Thames Barrier closed as surge tide threatens riverside homes',
      slug: 'thames-barrier-closed',
      excerpt: '<p>The Environment Agency closed the <strong>barrier</strong> twice this week as spring tides met a storm surge.</p>',
      publishedAt: '2026-11-20T10:00:00Z',
    }),
    searchHit(2, {
      title: 'Walking the Thames Path from source to sea',
      slug: 'walking-the-thames-path',
      excerpt: 'One hundred and eighty-four miles, two weeks and a great many pubs.',
      publishedAt: '2026-11-12T08:30:00Z',
      section: 'Travel',
    }),
    searchHit(3, {
      title: 'Council budget vote delayed',
      slug: 'council-budget-vote-delayed',
      excerpt: null,
      publishedAt: '2026-11-02T16:45:00Z',
      section: null,
    }),
  ],
}

/** Page `page` of `total` results. */
export function manyResults(total: number, page: number): SearchResultPage {
  const first = (page - 1) * 20
  const count = Math.max(0, Math.min(20, total - first))
  return { total, hits: Array.from({ length: count }, (_, i) => searchHit(first + i + 1)) }
}
