import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { MonthIndex, monthsBetween, nextMonth, pagesSitemap, sitemapIndex, w3cDate } from './sitemaps.ts'
import type { FeedSource } from './source.ts'

describe('months of the article sitemaps', () => {
  it('counts months across a year end', () => {
    expect(nextMonth('2026-11')).toBe('2026-12')
    expect(nextMonth('2026-12')).toBe('2027-01')
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2027-02', '2027-01', '2026-12', '2026-11'])
    expect(monthsBetween('2026-05', '2026-05')).toEqual(['2026-05'])
  })

  it('keeps the newest months only when the range is absurdly long', () => {
    const months = monthsBetween('0001-01', '2026-11')
    expect(months).toHaveLength(1_200)
    expect(months[0]).toBe('2026-11')
  })
})

describe('w3cDate', () => {
  it('writes a W3C datetime in UTC to the second, or nothing for a bad date', () => {
    expect(w3cDate('2026-11-23T20:40:59.123Z')).toBe('2026-11-23T20:40:59Z')
    expect(w3cDate('2026-11-23T21:40:59+01:00')).toBe('2026-11-23T20:40:59Z')
    expect(w3cDate('not a date')).toBeNull()
    expect(w3cDate(null)).toBeNull()
  })
})

describe('MonthIndex', () => {
  type Doc = { _id: string; _type: string; [key: string]: unknown }
  const article = (id: string, publishedAt: string, updated: string): Doc => ({ _id: id, _type: 'article', slug: { current: id }, publishedAt, _updatedAt: updated })

  // The feeds' queries evaluated by groq-js itself over documents in memory.
  function sourceOver(docs: Map<string, Doc>): FeedSource & { queries: number } {
    const source = {
      origin: 'https://news.example',
      now: new Date('2026-11-23T21:00:00Z'),
      imageUrl: () => null,
      queries: 0,
      async fetch<T>(query: string, params: Record<string, unknown> = {}): Promise<T> {
        source.queries++
        return (await (await evaluate(parse(query), { dataset: [...docs.values()], params })).get()) as T
      },
    }
    return source
  }

  const entries = async (index: MonthIndex, source: FeedSource) => Object.fromEntries([...(await index.months(source))].map(([month, s]) => [month, [s.updated, s.count]]))

  function newspaper(): Map<string, Doc> {
    const docs = new Map<string, Doc>()
    for (const doc of [
      article('a', '2026-09-03T10:00:00Z', '2026-09-03T10:00:00Z'),
      article('b', '2026-09-20T10:00:00Z', '2026-10-01T08:00:00Z'),
      article('c', '2026-11-02T10:00:00Z', '2026-11-02T10:00:00Z'),
      { _id: 'drafts.c', _type: 'article', slug: { current: 'c' }, publishedAt: '2026-07-01T00:00:00Z', _updatedAt: '2026-11-05T00:00:00Z' },
      { _id: 'cat', _type: 'category', _updatedAt: '2026-11-20T00:00:00Z' },
    ]) docs.set(doc._id, doc)
    // A year of older months, one article each.
    for (let m = 1; m <= 12; m++) {
      const month = `2025-${String(m).padStart(2, '0')}`
      docs.set(`old-${m}`, article(`old-${m}`, `${month}-15T12:00:00Z`, `${month}-15T12:00:00Z`))
    }
    // The published perspective holds no draft.
    docs.delete('drafts.c')
    return docs
  }

  it('lists the months with articles, each with its newest change, October (none) left out', async () => {
    const index = new MonthIndex()
    const listed = await entries(index, sourceOver(newspaper()))
    expect(listed['2026-09']).toEqual(['2026-10-01T08:00:00Z', 2])
    expect(listed['2026-11']).toEqual(['2026-11-02T10:00:00Z', 1])
    expect(listed['2025-01']).toEqual(['2025-01-15T12:00:00Z', 1])
    expect(Object.keys(listed)).toHaveLength(14)
    // From January 2025 to November 2026.
    expect(index.monthsCounted).toBe(23)
  })

  it('after a publish counts only its month again, and agrees with counting them all', async () => {
    const docs = newspaper()
    const index = new MonthIndex()
    await index.months(sourceOver(docs))
    docs.set('d', article('d', '2026-09-25T10:00:00Z', '2026-11-23T20:00:00Z'))
    const counted = index.monthsCounted
    const after = await entries(index, sourceOver(docs))
    // September alone: the newest change the index knew (November's) was long settled when it read it.
    expect(index.monthsCounted - counted).toBe(1)
    expect(after['2026-09']).toEqual(['2026-11-23T20:00:00Z', 3])
    expect(after).toEqual(await entries(new MonthIndex(), sourceOver(docs)))
  })

  it('counts every month again when an article is unpublished or moved to another month, and drops a month left empty', async () => {
    const docs = newspaper()
    const index = new MonthIndex()
    await index.months(sourceOver(docs))
    docs.delete('c')
    docs.set('e', article('e', '2026-12-01T10:00:00Z', '2026-11-23T20:00:00Z'))
    expect(await entries(index, sourceOver(docs))).toEqual(await entries(new MonthIndex(), sourceOver(docs)))
    expect(await entries(index, sourceOver(docs))).not.toHaveProperty('2026-11')
    // A changed date: the article's month was September, now it is October.
    docs.set('b', article('b', '2026-10-20T10:00:00Z', '2026-11-23T20:30:00Z'))
    const moved = await entries(index, sourceOver(docs))
    expect(moved).toEqual(await entries(new MonthIndex(), sourceOver(docs)))
    expect(moved['2026-09']).toEqual(['2026-09-03T10:00:00Z', 1])
    expect(moved['2026-10']).toEqual(['2026-11-23T20:30:00Z', 1])
  })

  it('finds a change made in the same second as the newest one it knew, when it read them in that second', async () => {
    const docs = newspaper()
    // c's change at 10:00:00 is the newest the index knew, read half a second later; a is corrected in that same second.
    const index = new MonthIndex(() => new Date('2026-11-02T10:00:00.500Z'))
    await index.months(sourceOver(docs))
    docs.set('a', { ...docs.get('a')!, title: 'Corrected', _updatedAt: '2026-11-02T10:00:00Z' })
    expect((await entries(index, sourceOver(docs)))['2026-09']).toEqual(['2026-11-02T10:00:00Z', 2])
  })

  it('does not read an import again at the next build, once it was read after that import settled', async () => {
    const docs = newspaper()
    // An import: 300 articles with one _updatedAt.
    for (let i = 0; i < 300; i++) docs.set(`imp-${i}`, article(`imp-${i}`, `2026-0${1 + (i % 6)}-10T10:00:00Z`, '2026-11-23T20:00:00Z'))
    let clock = new Date('2026-11-23T20:00:00.200Z')
    const index = new MonthIndex(() => clock)
    const read: number[] = []
    const source = sourceOver(docs)
    const fetch = source.fetch.bind(source)
    source.fetch = async <T,>(query: string, params?: Record<string, unknown>): Promise<T> => {
      const result = await fetch<T>(query, params)
      if (params && 'since' in params) read.push((result as unknown[]).length)
      return result
    }
    // Read in the import's own second, then a minute on: the next build reads the import again, in case a write shared its second.
    await index.months(source)
    clock = new Date('2026-11-23T20:01:30Z')
    await index.months(source)
    expect(read).toEqual([300])
    // Read after it settled: the builds after read only what changed since.
    await index.months(source)
    docs.set('d', article('d', '2026-09-25T10:00:00Z', '2026-11-23T20:02:00Z'))
    const after = await entries(index, source)
    expect(read).toEqual([300, 0, 1])
    expect(after).toEqual(await entries(new MonthIndex(), sourceOver(docs)))
  })

  // A keeper in memory, as server/http/feeds.ts keeps the summary in a file across starts.
  const keeperOf = () => {
    const keeper = { text: null as string | null, saves: 0, load: () => keeper.text, save: (text: string) => ((keeper.text = text), keeper.saves++) }
    return keeper
  }

  it('after a start, counts no month again when nothing changed, and only a changed month when one did', async () => {
    const docs = newspaper()
    const keeper = keeperOf()
    await new MonthIndex(undefined, keeper).months(sourceOver(docs))
    expect(keeper.saves).toBe(1)
    // A start: a new index with the saved summary counts nothing, and gives what counting every month gives.
    const started = new MonthIndex(undefined, keeper)
    expect(await entries(started, sourceOver(docs))).toEqual(await entries(new MonthIndex(), sourceOver(docs)))
    expect(started.monthsCounted).toBe(0)
    // Unchanged: not saved again.
    expect(keeper.saves).toBe(1)
    // A publish while the service was stopped: its month alone.
    docs.set('d', article('d', '2026-09-25T10:00:00Z', '2026-11-23T20:00:00Z'))
    const again = new MonthIndex(undefined, keeper)
    const after = await entries(again, sourceOver(docs))
    expect(again.monthsCounted).toBe(1)
    expect(after['2026-09']).toEqual(['2026-11-23T20:00:00Z', 3])
    expect(after).toEqual(await entries(new MonthIndex(), sourceOver(docs)))
    expect(keeper.saves).toBe(2)
  })

  it('after a start, counts every month again when an article was unpublished meanwhile or an older archive was put in place', async () => {
    const docs = newspaper()
    const keeper = keeperOf()
    await new MonthIndex(undefined, keeper).months(sourceOver(docs))
    const saved = keeper.text
    docs.delete('c')
    const unpublished = new MonthIndex(undefined, keeper)
    const after = await entries(unpublished, sourceOver(docs))
    // Every month from January 2025 to September 2026, now the newest with an article.
    expect(unpublished.monthsCounted).toBe(21)
    expect(after).not.toHaveProperty('2026-11')
    expect(after).toEqual(await entries(new MonthIndex(), sourceOver(docs)))
    // An older copy of the archive, with the summary of a newer one: its newest change is older.
    keeper.text = saved
    docs.set('d', article('d', '2026-09-25T10:00:00Z', '2026-11-23T20:00:00Z'))
    await new MonthIndex(undefined, keeper).months(sourceOver(docs))
    docs.delete('d')
    docs.set('c', article('c', '2026-11-02T10:00:00Z', '2026-11-02T10:00:00Z'))
    const older = new MonthIndex(undefined, keeper)
    expect(await entries(older, sourceOver(docs))).toEqual(await entries(new MonthIndex(), sourceOver(docs)))
    expect(older.monthsCounted).toBe(23)
  })

  it('counts every month when the saved summary is unreadable or of another version', async () => {
    const docs = newspaper()
    const fresh = await entries(new MonthIndex(), sourceOver(docs))
    const keeper = keeperOf()
    await new MonthIndex(undefined, keeper).months(sourceOver(docs))
    const saved = JSON.parse(keeper.text!) as Record<string, unknown>
    for (const text of ['{not json', JSON.stringify({ ...saved, version: 'another' }), JSON.stringify({ ...saved, months: [['2026-13', { updated: 'x', count: 1 }]] }), '[]', 'null']) {
      keeper.text = text
      const index = new MonthIndex(undefined, keeper)
      expect(await entries(index, sourceOver(docs))).toEqual(fresh)
      expect(index.monthsCounted).toBe(23)
    }
  })

  it('writes the index of an empty paper', async () => {
    const xml = await sitemapIndex(sourceOver(new Map()))
    expect(xml).toContain('/sitemaps/pages.xml')
    expect(xml).not.toContain('/sitemaps/articles-')
  })
})

describe('pagesSitemap', () => {
  it('lists each address once, leaving out a category stored at a fixed page’s address', async () => {
    const docs = [
      { _id: 'about', _type: 'category', slug: { current: 'about' }, kind: 'section' },
      { _id: 'uk', _type: 'category', slug: { current: 'uk' }, kind: 'section' },
      { _id: 'search-topic', _type: 'category', slug: { current: 'search' }, kind: 'topic' },
    ]
    const source: FeedSource = {
      origin: 'https://news.example',
      now: new Date('2026-11-23T21:00:00Z'),
      imageUrl: () => null,
      fetch: async <T>(query: string, params: Record<string, unknown> = {}) => (await (await evaluate(parse(query), { dataset: docs, params })).get()) as T,
    }
    const locs = [...(await pagesSitemap(source)).matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])
    expect(locs.filter((loc) => loc === 'https://news.example/about')).toHaveLength(1)
    expect(locs).toContain('https://news.example/uk')
    expect(locs).toContain('https://news.example/topic/search')
    expect(new Set(locs).size).toBe(locs.length)
  })
})
