// `npx tsx scripts/search-relevance.ts`: seeds the demo paper in a temporary service and prints the
// relevance set's share (tests/search/relevance.json) for the page's GROQ query, the one a build on
// hosted Sanity uses, and for the service's search index, the one the page uses on the embedded service.

import { evaluate, parse } from 'groq-js'
import type { IndexSearchResult } from '../shared/search.ts'
import { searchRequest, type GroqSearchPage } from '../src/content/search/search.ts'
import { measureRelevance, type RelevanceReport } from '../tests/search/relevance.ts'
import { startTestService } from '../tests/support/service.ts'

function print(name: string, report: RelevanceReport): void {
  console.log(`${name}: ${report.firsts} of ${report.searches} first (${(report.share * 100).toFixed(0)}%)`)
  for (const miss of report.misses) console.log(`  "${miss.q}": wanted ${miss.wanted}, first was ${miss.got ?? 'nothing'}`)
  for (const { q, total } of report.common) console.log(`  "${q}" matches ${total} articles`)
  for (const { q, slug } of report.notFound) console.log(`  "${q}" does not find ${slug}`)
  for (const { q, higher, lower } of report.outOfOrder) console.log(`  "${q}" does not rank ${higher} above ${lower}`)
}

const service = await startTestService({ SEED: 'demo' })
try {
  const docs = (await service.client().fetch('*')) as unknown[]
  const groq = await measureRelevance(async (q) => {
    const { query, params } = searchRequest({ q, page: 1 })
    const page = (await (await evaluate(parse(query), { dataset: docs, params })).get()) as GroqSearchPage
    return { slugs: page.hits.map((hit) => hit.slug ?? ''), total: page.total }
  })
  print('GROQ match (the query a hosted Sanity build sends)', groq)
  const index = await measureRelevance(async (q) => {
    const response = await fetch(`${service.url}/v2023-05-03/search/${service.config.dataset}?q=${encodeURIComponent(q)}`)
    const { result } = (await response.json()) as { result: IndexSearchResult }
    return { slugs: result.hits.map((hit) => hit.slug), total: result.total }
  })
  print('The search index (the /search page on the embedded service)', index)
} finally {
  await service.stop()
}
