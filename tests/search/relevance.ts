// Measures a search against the relevance set (relevance.json): the share of searches that put the
// article a reader wants first, and the set's other cases. Used by the relevance test and by
// scripts/search-relevance.ts, which prints the share for the GROQ query and the index side by side.

import { readFileSync } from 'node:fs'

interface RelevanceSet {
  searches: Array<{ q: string; first: string; why: string }>
  common: string[]
  found: Array<{ q: string; slug: string }>
  above: Array<{ q: string; higher: string; lower: string }>
}

export const relevanceSet = JSON.parse(readFileSync(new URL('./relevance.json', import.meta.url), 'utf8')) as RelevanceSet

/** One search's first page: the slugs in the order shown, and how many articles matched in all. */
export type SearchBySlug = (q: string) => Promise<{ slugs: string[]; total: number }>

export interface RelevanceReport {
  /** Searches that put the wanted article first, out of all searches. */
  firsts: number
  searches: number
  share: number
  /** The searches that did not, with what came first instead. */
  misses: Array<{ q: string; wanted: string; got: string | null }>
  /** How many articles each common word matched. */
  common: Array<{ q: string; total: number }>
  /** The must-find cases that were not on the first page. */
  notFound: Array<{ q: string; slug: string }>
  /** The ordering cases that were not in order. */
  outOfOrder: Array<{ q: string; higher: string; lower: string }>
}

export async function measureRelevance(search: SearchBySlug): Promise<RelevanceReport> {
  const misses: RelevanceReport['misses'] = []
  for (const { q, first } of relevanceSet.searches) {
    const { slugs } = await search(q)
    if (slugs[0] !== first) misses.push({ q, wanted: first, got: slugs[0] ?? null })
  }
  const common = await Promise.all(relevanceSet.common.map(async (q) => ({ q, total: (await search(q)).total })))
  const notFound: RelevanceReport['notFound'] = []
  for (const { q, slug } of relevanceSet.found) if (!(await search(q)).slugs.includes(slug)) notFound.push({ q, slug })
  const outOfOrder: RelevanceReport['outOfOrder'] = []
  for (const pair of relevanceSet.above) {
    const { slugs } = await search(pair.q)
    const higher = slugs.indexOf(pair.higher)
    const lower = slugs.indexOf(pair.lower)
    if (higher < 0 || (lower >= 0 && lower < higher)) outOfOrder.push(pair)
  }
  const searches = relevanceSet.searches.length
  const firsts = searches - misses.length
  return { firsts, searches, share: firsts / searches, misses, common, notFound, outOfOrder }
}
