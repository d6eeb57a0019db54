// The months /sitemap.xml lists, kept by the store (sitemapMonths.ts), must be exactly the months and
// counts the index counted before it kept them, by its GROQ queries over every month of the
// archive as an anonymous reader sees it (below, as they were, evaluated by groq-js), after any
// sequence of writes, and after a refill with writes on both sides of its cursor. A month's
// lastmod is its articles' newest change, or when one left it if that is later.

import fc from 'fast-check'
import { parse } from 'groq-js'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { groqAnswer, storeForTests, visibleInIdOrder } from '../query/groqOracle.testing.ts'
import { refillAll, refillBatch } from '../search/versionedRefill.ts'
import { isoSeconds } from './ids.ts'
import type { Doc, Mutation } from './mutations.ts'
import { maxMonths, migrateSitemapMonths, oldestListed } from './sitemapMonths.ts'
import { Store } from './store.ts'

const testStore = storeForTests('sitemap-months')

// What /sitemap.xml counted before the store kept the months (server/feeds/sitemaps.ts until
// then): the oldest and newest dates, then every month between them counted by a range of dates.
const listed = `_type == "article" && defined(slug.current)`
const overviewQuery = `{
  "count": count(*[defined(publishedAt) && ${listed}]),
  "oldest": *[defined(publishedAt) && ${listed}] | order(publishedAt asc)[0].publishedAt,
  "newest": *[defined(publishedAt) && ${listed}] | order(publishedAt desc)[0].publishedAt
}`
const monthOf = (value: unknown): string | null => (typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])/.test(value) ? value.slice(0, 7) : null)
function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return m === 12 ? `${String(year + 1).padStart(4, '0')}-01` : `${String(year).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`
}
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = []
  for (let month = from; month <= to; month = nextMonth(month)) months.push(month)
  return months.reverse().slice(0, maxMonths)
}
const inMonth = (month: string) => `publishedAt >= "${month}" && publishedAt < "${nextMonth(month)}" && ${listed}`
const monthQuery = (month: string) => `{"updated": *[${inMonth(month)}] | order(_updatedAt desc)[0]._updatedAt, "count": count(*[${inMonth(month)}])}`

/** Each month with articles, newest first, with its newest `_updatedAt` and its count, as the index counted them. */
async function countedByGroq(docs: Doc[]): Promise<Array<{ month: string; count: number; newest: string }>> {
  const view = visibleInIdOrder(docs, 'anonymous')
  const overview = (await groqAnswer(parse(overviewQuery), view, {})) as { count: number; oldest: unknown; newest: unknown }
  const oldest = monthOf(overview.oldest)
  const newest = monthOf(overview.newest)
  if (!oldest || !newest || overview.count === 0) return []
  const months = []
  for (const month of monthsBetween(oldest, newest)) {
    const found = (await groqAnswer(parse(monthQuery(month)), view, {})) as { updated: string | null; count: number }
    if (found.count > 0 && found.updated) months.push({ month, count: found.count, newest: found.updated })
  }
  return months
}

const MISSING = undefined
const ids = ['a', 'b', 'c', 'd', 'x.y']
const allIds = [...ids, 'drafts.a', 'drafts.b', 'versions.r1.c']
const document = fc.record({
  _id: fc.constantFrom(...allIds),
  _type: fc.constantFrom('article', 'article', 'article', 'note'),
  slug: fc.constantFrom<'own' | null | undefined | 4>('own', 'own', null, MISSING, 4),
  publishedAt: fc.constantFrom('2024-01-05T10:00:00Z', '2024-01-31T23:59:59Z', '2024-02-29T23:30:00-05:00', '2025-12-01T00:00:00.000Z', '1999-07-01T00:00:00Z', null, MISSING),
  title: fc.constantFrom('One', 'Two'),
})
type Generated = typeof document extends fc.Arbitrary<infer T> ? T : never
/** A document as written: a slug of its own (two published articles may not share one), or none. */
function clean(d: Generated): Doc {
  const slug = d.slug === 'own' ? { current: `s-${d._id.replace(/^drafts\./, '')}` } : d.slug === MISSING ? MISSING : { current: d.slug }
  return Object.fromEntries(Object.entries({ ...d, slug }).filter(([, value]) => value !== MISSING)) as Doc
}

const write = fc.oneof(
  fc.record({ op: fc.constant('replace' as const), doc: document }),
  fc.record({ op: fc.constant('import' as const), docs: fc.uniqueArray(document, { selector: (d) => d._id, minLength: 2, maxLength: 6 }) }),
  fc.record({ op: fc.constant('patch' as const), id: fc.constantFrom(...allIds), set: fc.constantFrom<Record<string, unknown>>({ title: 'Three' }, { publishedAt: '2024-02-01T08:00:00Z' }, { publishedAt: '2023-11-30T08:00:00Z' }, { slug: { current: 'patched' } }), unset: fc.constantFrom<string[]>([], ['slug'], ['publishedAt']) }),
  fc.record({ op: fc.constant('delete' as const), id: fc.constantFrom(...allIds) }),
  fc.record({ op: fc.constant('publish' as const), id: fc.constantFrom('a', 'b') }),
  fc.record({ op: fc.constant('unpublish' as const), id: fc.constantFrom('a', 'b') }),
  fc.record({ op: fc.constant('retype' as const), id: fc.constantFrom(...ids), type: fc.constantFrom('article', 'note') }),
)
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never

function mutationsOf(docs: { get(id: string): Doc | undefined; has(id: string): boolean }, step: Write): Mutation[] {
  switch (step.op) {
    case 'replace':
      return [{ createOrReplace: clean(step.doc) }]
    case 'import':
      return step.docs.map((d) => ({ createOrReplace: clean(d) }))
    case 'patch':
      return docs.has(step.id) ? [{ patch: { id: step.id, set: step.set, unset: step.unset } }] : []
    case 'delete':
      return [{ delete: { id: step.id } }]
    case 'publish': {
      const draft = docs.get(`drafts.${step.id}`)
      return draft ? [{ createOrReplace: { ...draft, _id: step.id } }, { delete: { id: draft._id } }] : []
    }
    case 'unpublish': {
      const published = docs.get(step.id)
      return published ? [{ createOrReplace: { ...published, _id: `drafts.${step.id}` } }, { delete: { id: step.id } }] : []
    }
    case 'retype': {
      const doc = docs.get(step.id)
      return doc ? [{ createOrReplace: { ...doc, _type: step.type } }] : []
    }
  }
}

/** The month each article an anonymous reader sees is listed in, by id. */
function monthsById(docs: Iterable<Doc>): Map<string, string> {
  const months = new Map<string, string>()
  for (const doc of visibleInIdOrder([...docs], 'anonymous')) {
    const month = monthOf(doc.publishedAt)
    const slug = doc.slug as { current?: unknown } | undefined
    if (doc._type === 'article' && month && slug?.current !== undefined && slug.current !== null) months.set(doc._id, month)
  }
  return months
}

/**
 * When articles left each month, as bounds: a write stamps `_updatedAt` with its time, which an
 * article still stored carries; a deleted one left at SQLite's clock, read between the clock before
 * and after the write, to the second.
 */
type Left = Map<string, { from: string; to: string }>

/**
 * Applies one write (stamped `at`, or now), noting the months an article left. A write the store
 * refuses changes nothing.
 */
async function apply(dataset: string, step: Write, left: Left, at?: Date): Promise<void> {
  const { store } = testStore
  const docs = store.dataset(dataset).docs
  const mutations = mutationsOf(docs, step)
  if (mutations.length === 0) return
  const before = monthsById(docs.values())
  const from = isoSeconds(new Date())
  const committed = await store.commit(dataset, mutations, at ? { timestamp: at } : {}).then(
    () => true,
    () => false,
  )
  const to = isoSeconds(new Date())
  if (!committed) return
  const after = monthsById(docs.values())
  for (const [id, month] of before) {
    if (after.get(id) === month) continue
    const stamped = docs.get(id)?._updatedAt as string | undefined
    const bound = left.get(month)
    const [earliest, latest] = stamped ? [stamped, stamped] : [from, to]
    left.set(month, { from: bound && bound.from > earliest ? bound.from : earliest, to: bound && bound.to > latest ? bound.to : latest })
  }
}

/**
 * The kept months equal the index's count, month for month; each lastmod is the newest change, or a
 * later leaving. A leaving the refill had not yet reached is not kept (`leavingKept` false): the
 * refill counts the month as it then is.
 */
async function expectAsCounted(dataset: string, left: Left, { leavingKept = true } = {}): Promise<void> {
  const { store } = testStore
  const kept = store.sitemapMonths(dataset)
  expect(kept).not.toBeNull()
  const counted = await countedByGroq([...store.dataset(dataset).docs.values()])
  expect(kept!.map(({ month, count }) => ({ month, count }))).toEqual(counted.map(({ month, count }) => ({ month, count })))
  for (const [i, month] of counted.entries()) {
    const leaving = left.get(month.month)
    const lowest = leavingKept && leaving && leaving.from > month.newest ? leaving.from : month.newest
    const highest = leaving && leaving.to > month.newest ? leaving.to : month.newest
    expect(kept![i]!.updated >= lowest && kept![i]!.updated <= highest, `${month.month}: ${kept![i]!.updated} within ${lowest} and ${highest}`).toBe(true)
  }
}

const article = (id: string, publishedAt: string, extra: Record<string, unknown> = {}): Doc => ({ _id: id, _type: 'article', slug: { current: id }, publishedAt, title: id, ...extra })

describe('the months the store keeps for /sitemap.xml', () => {
  it('are the months and counts the index counted, after any sequence of writes, with no draft counted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
        const { name } = await testStore.stored([])
        const left: Left = new Map()
        // Stamped a minute apart in the past: a deletion, at SQLite's clock, is then later than every change.
        for (const [i, step] of writes.entries()) await apply(name, step, left, new Date(Date.UTC(2025, 0, 1) + i * 60_000))
        await expectAsCounted(name, left)
      }),
      { numRuns: 60 },
    )
    // Each run writes to SQLite several times: seconds on a busy two-core machine, a limit, not a target.
  }, 180_000)

  it('count a published article once and its draft never, and give a month the time an article left it', async () => {
    const { store } = testStore
    const { name } = await testStore.stored([])
    await store.commit(name, [article('a', '2024-01-05T10:00:00Z'), article('b', '2024-01-20T10:00:00Z'), { ...article('drafts.c', '2024-03-01T00:00:00Z'), slug: { current: 'c' } }].map((doc) => ({ createOrReplace: doc })), { timestamp: new Date('2025-01-01T08:00:00Z') })
    await store.commit(name, [{ patch: { id: 'b', set: { title: 'Corrected' } } }], { timestamp: new Date('2025-01-02T08:00:00Z') })
    const before = store.sitemapMonths(name)!
    expect(before).toEqual([{ month: '2024-01', count: 2, updated: '2025-01-02T08:00:00Z' }])
    // Unpublished now: the month holds one article, and changed when it lost the other, not when b was corrected.
    const from = isoSeconds(new Date())
    await store.commit(name, [{ createOrReplace: { ...store.dataset(name).docs.get('b')!, _id: 'drafts.b' } }, { delete: { id: 'b' } }])
    const after = store.sitemapMonths(name)!
    expect(after.map(({ month, count }) => [month, count])).toEqual([['2024-01', 1]])
    expect(after[0]!.updated >= from, `${after[0]!.updated} at or after ${from}`).toBe(true)
    // The last one moved to another month, by a write stamped in the past: January is gone from the index, February changed then.
    await store.commit(name, [{ patch: { id: 'a', set: { publishedAt: '2024-02-02T10:00:00Z' } } }], { timestamp: new Date('2025-01-03T08:00:00Z') })
    expect(store.sitemapMonths(name)).toEqual([{ month: '2024-02', count: 1, updated: '2025-01-03T08:00:00Z' }])
  })

  it('list the century of months before the newest, as the index did', async () => {
    const { store } = testStore
    const { name } = await testStore.stored([article('old', '0001-05-01T00:00:00Z'), article('edge', '1926-12-01T00:00:00Z'), article('in', '1927-01-01T00:00:00Z'), article('new', '2026-12-01T00:00:00Z')])
    expect(oldestListed('2026-12')).toBe('1927-01')
    const months = store.sitemapMonths(name)!
    expect(months.map((m) => m.month)).toEqual(['2026-12', '1927-01'])
    expect(months.map((m) => m.month)).toEqual((await countedByGroq([...store.dataset(name).docs.values()])).map((m) => m.month))
  })

  it('leave out a date that is not a month, where the index listed no month at all', async () => {
    const { store } = testStore
    const { name } = await testStore.stored([article('a', '2024-01-05T10:00:00Z'), article('b', 'soon'), article('c', '2024-13-01T00:00:00Z'), { ...article('d', ''), publishedAt: 20240105 }])
    expect(store.sitemapMonths(name)!.map(({ month, count }) => [month, count])).toEqual([['2024-01', 1]])
  })

  it('are filled again by the refill, each write on either side of its cursor counted once, and not read until it has passed the dataset', async () => {
    const { store } = testStore
    const touch = fc.record({ op: fc.constant('touch' as const), at: fc.constantFrom(0, 99, 100, 101, 249), remove: fc.boolean() })
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(write, touch, fc.constant({ op: 'batch' as const })), { minLength: 1, maxLength: 12 }), async (steps) => {
        // 250 articles, so that a batch (a chunk of 100 rows at least) stops part way through.
        const archive = Array.from({ length: 250 }, (_, i) => article(`m${String(i).padStart(3, '0')}`, `2023-${String((i % 12) + 1).padStart(2, '0')}-10T00:00:00Z`))
        const { name } = await testStore.stored(archive)
        store.db.exec('DELETE FROM sitemap_months_version')
        const job = migrateSitemapMonths(store.db)!
        expect(store.sitemapMonths(name)).toBeNull()
        const left: Left = new Map()
        let pending = true
        for (const step of steps) {
          if (step.op === 'batch') {
            if (pending) pending = refillBatch(store.db, job, { rows: 1, ms: 10_000 })
          } else if (step.op === 'touch') {
            // One of the archive's articles, before, at or after where the cursor stops, deleted or moved to June.
            const id = archive[step.at]!._id
            await apply(name, step.remove ? { op: 'delete', id } : { op: 'patch', id, set: { publishedAt: '2023-06-15T00:00:00Z' }, unset: [] }, left)
          } else await apply(name, step, left)
          // Until the cursor has passed the dataset nothing is read; once it has, what is read is exact.
          if (pending && store.sitemapMonths(name) !== null) await expectAsCounted(name, left, { leavingKept: false })
        }
        if (pending) refillAll(store.db, job)
        await expectAsCounted(name, left, { leavingKept: false })
      }),
      { numRuns: 15 },
    )
  }, 180_000)
})

describe("an earlier release's month files", () => {
  it('are removed from the data folder when the store opens, and nothing else is', () => {
    const dir = mkdtempSync(join(tmpdir(), 'resonance-month-files-'))
    try {
      writeFileSync(join(dir, 'sitemap-months-production.json'), '{}')
      writeFileSync(join(dir, 'sitemap-months-a%20b.json'), '{}')
      writeFileSync(join(dir, 'notes.json'), '{}')
      new Store(dir).close()
      expect(readdirSync(dir).filter((name) => name.endsWith('.json'))).toEqual(['notes.json'])
      expect(existsSync(join(dir, 'content.db'))).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
