// The relevance set (tests/search/relevance.json) against the /search page's search on the demo
// paper: at least 90% of its searches put the article a reader wants first. The set was written
// before the index; `npx tsx scripts/search-relevance.ts` prints the misses and the GROQ query's share.

import { afterAll, beforeAll, expect, it } from 'vitest'
import type { IndexSearchResult } from '../../shared/search.ts'
import { measureRelevance, type RelevanceReport } from '../search/relevance.ts'
import { startTestService, type TestService } from '../support/service.ts'

let service: TestService
let report: RelevanceReport

beforeAll(async () => {
  service = await startTestService({ SEED: 'demo' })
  report = await measureRelevance(async (q) => {
    const response = await fetch(`${service.url}/v2023-05-03/search/${service.config.dataset}?q=${encodeURIComponent(q)}`)
    const { result } = (await response.json()) as { result: IndexSearchResult }
    return { slugs: result.hits.map((hit) => hit.slug), total: result.total }
  })
})

afterAll(async () => {
  await service?.stop()
})

it('puts the article a reader wants first for at least 90% of the relevance set', () => {
  expect(report.searches).toBeGreaterThanOrEqual(20)
  expect(report.share, JSON.stringify(report.misses, null, 2)).toBeGreaterThanOrEqual(0.9)
})

it('finds the stories the set names, in the order it names them', () => {
  expect(report.notFound).toEqual([])
  expect(report.outOfOrder).toEqual([])
})

it('matches no article for a common word alone', () => {
  for (const { total } of report.common) expect(total).toBe(0)
})
