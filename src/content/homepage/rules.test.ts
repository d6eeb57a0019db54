import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { applyHomepageRules, changeTouchesFrontPage, frontPageChanged, sectionsFromQuery, type CardArticle, type Homepage, type HomepageQueryResult } from './rules.ts'
import { homepageQuery } from './query.ts'

function article(id: string, minutesAgo: number, extra: Partial<CardArticle> = {}): CardArticle {
  return {
    _id: id,
    title: `Story ${id}`,
    slug: `story-${id}`,
    publishedAt: new Date(Date.UTC(2026, 10, 21, 12) - minutesAgo * 60_000).toISOString(),
    ...extra,
  }
}

describe('applyHomepageRules', () => {
  const set = [
    article('b-old', 300, { isBreakingNews: true }),
    article('b-new', 10, { isBreakingNews: true }),
    article('l-old', 400, { isLeadStory: true, isFeatured: true }),
    article('l-new', 20, { isLeadStory: true, isFeatured: true }),
    ...[1, 2, 3, 4].map((n) => article(`f${n}`, 30 + n, { isFeatured: true })),
    ...[1, 2, 3, 4, 5, 6].map((n) => article(`u${n}`, 50 + n, { isLatestUpdate: true })),
    ...[1, 2, 3, 4, 5].map((n) => article(`v${n}`, 70 + n, { mediaType: 'video' })),
    article('r1', 500, { readsLastDay: 5000 }),
    article('r2', 501, { readsLastDay: 101 }),
    article('r3', 502, { readsLastDay: 100 }),
    article('none', 600),
  ]
  const { sections, violations, warnings } = applyHomepageRules(set)

  it('keeps only the newest breaking news and lead story', () => {
    expect(sections.breaking?._id).toBe('b-new')
    expect(sections.lead?._id).toBe('l-new')
    expect(violations).toEqual(['RULE VIOLATION: 2 breaking news stories found. Only 1 allowed.', 'RULE VIOLATION: 2 lead stories found. Only 1 allowed.'])
  })

  it('shows the first three featured that are not the lead, newest first', () => {
    // The unflagged older lead is featured too, and is not the lead any more.
    expect(sections.featured.map((a) => a._id)).toEqual(['f1', 'f2', 'f3'])
  })

  it('shows five latest updates, four videos, and the five most read above 100', () => {
    expect(sections.latest.map((a) => a._id)).toEqual(['u1', 'u2', 'u3', 'u4', 'u5'])
    expect(sections.videos.map((a) => a._id)).toEqual(['v1', 'v2', 'v3', 'v4'])
    expect(sections.trending.map((a) => a._id)).toEqual(['r1', 'r2'])
  })

  it('warns about what will not show', () => {
    expect(warnings).toContain('WARNING: 5 featured stories found. Only the first 3 will show.')
    expect(warnings).toContain('WARNING: 6 latest updates found. Only the first 5 will show.')
    expect(warnings).toContain('WARNING: 2 article(s) have no section tag, are not video and have 100 reads or fewer: they will not appear on the homepage.')
  })
})

describe('a live blog whose coverage has ended', () => {
  const ended = { isLiveBlog: true, liveBlogEndedAt: '2026-11-21T11:30:00.000Z' }
  const set = [
    article('blog', 10, { isBreakingNews: true, isLeadStory: true, ...ended }),
    article('older', 300, { isBreakingNews: true }),
    article('running', 400, { isFeatured: true, isLiveBlog: true, liveBlogEndedAt: null }),
  ]
  const asQueried = (cards: CardArticle[]): HomepageQueryResult => ({
    breaking: cards.find((a) => a.isBreakingNews) ?? null,
    lead: cards.find((a) => a.isLeadStory) ?? null,
    featured: cards.filter((a) => a.isFeatured),
    latest: [],
    videos: [],
    trending: [],
    counts: { breaking: 2, lead: 1, featured: 1, latest: 0, unplaced: 0, breakingAndLead: 1 },
  })

  it('is no longer on the breaking banner, nor is an older story flagged breaking, but keeps its other slots', () => {
    for (const { sections, violations } of [applyHomepageRules(set), sectionsFromQuery(asQueried(set))]) {
      expect(sections.breaking).toBeNull()
      expect(sections.lead?._id).toBe('blog')
      expect(sections.featured.map((a) => a._id)).toEqual(['running'])
      expect(violations).toEqual(['RULE VIOLATION: 2 breaking news stories found. Only 1 allowed.'])
    }
  })

  it('leaves the banner only once it has ended: a running live blog and a time that is not one keep it', () => {
    for (const liveBlogEndedAt of [null, undefined, '', 'not a time']) {
      const blog = article('blog', 10, { isBreakingNews: true, isLiveBlog: true, liveBlogEndedAt })
      expect(applyHomepageRules([blog]).sections.breaking?._id, String(liveBlogEndedAt)).toBe('blog')
      expect(sectionsFromQuery(asQueried([blog])).sections.breaking?._id, String(liveBlogEndedAt)).toBe('blog')
    }
    // An article that is not a live blog is not one that has ended.
    expect(applyHomepageRules([article('story', 10, { isBreakingNews: true, liveBlogEndedAt: ended.liveBlogEndedAt })]).sections.breaking?._id).toBe('story')
  })
})

// A seeded generator, so a failure names a dataset that can be replayed.
function random(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function dataset(seed: number) {
  const r = random(seed)
  const docs: Array<Record<string, unknown>> = []
  const n = 5 + Math.floor(r() * 60)
  for (let i = 0; i < n; i++) {
    const doc: Record<string, unknown> = {
      _id: `a${seed}-${i}`,
      _type: r() < 0.9 ? 'article' : 'author',
      title: `Story ${i}`,
      slug: { _type: 'slug', current: `story-${seed}-${i}` },
      // Few distinct minutes, so equal timestamps (ties) happen.
      publishedAt: new Date(Date.UTC(2026, 10, 1) + Math.floor(r() * 20) * 60_000).toISOString(),
    }
    if (r() < 0.1) doc.isBreakingNews = true
    if (r() < 0.1) doc.isLeadStory = true
    if (r() < 0.25) doc.isFeatured = true
    if (r() < 0.2) doc.isLatestUpdate = r() < 0.9
    const media = r()
    if (media < 0.2) doc.mediaType = 'video'
    else if (media < 0.36) doc.mediaType = 'article'
    if (r() < 0.6) doc.readsLastDay = Math.floor(r() * 400)
    // Live blogs, some of them ended: an ended one is never on the breaking banner.
    if (r() < 0.3) {
      doc.isLiveBlog = true
      if (r() < 0.5) doc.liveBlogEndedAt = new Date(Date.UTC(2026, 10, 2)).toISOString()
    }
    docs.push(doc)
  }
  return docs
}

const toCard = (d: Record<string, unknown>): CardArticle => ({ ...(d as unknown as CardArticle), slug: (d.slug as { current: string }).current })

describe('the bounded homepage query', () => {
  it('gives the same sections and messages as the rules applied to every article', async () => {
    const tree = parse(homepageQuery)
    for (let seed = 1; seed <= 150; seed++) {
      const docs = dataset(seed)
      const result = (await (await evaluate(tree, { dataset: docs })).get()) as HomepageQueryResult
      const fromQuery = sectionsFromQuery(result)
      const fromRules = applyHomepageRules(docs.filter((d) => d._type === 'article').map(toCard))
      const ids = (h: typeof fromQuery) => ({
        breaking: h.sections.breaking?._id ?? null,
        lead: h.sections.lead?._id ?? null,
        featured: h.sections.featured.map((a) => a._id),
        latest: h.sections.latest.map((a) => a._id),
        videos: h.sections.videos.map((a) => a._id),
        trending: h.sections.trending.map((a) => a._id),
        violations: h.violations,
        warnings: h.warnings,
      })
      expect(ids(fromQuery), `dataset ${seed}`).toEqual(ids(fromRules))
    }
  })
})

describe('the front page: lead and breaking', () => {
  const front = (lead: CardArticle | null, breaking: CardArticle | null = null): Homepage => ({
    sections: { breaking, lead, featured: [], latest: [], videos: [], trending: [] },
    violations: [],
    warnings: [],
  })
  const lead = article('lead', 10, { isLeadStory: true })
  const breaking = article('breaking', 5, { isBreakingNews: true })

  it('has changed when the lead or breaking story is another, or its title or time is', () => {
    const now = front(lead, breaking)
    expect(frontPageChanged(null, now)).toBe(false)
    expect(frontPageChanged(now, front({ ...lead }, { ...breaking }))).toBe(false)
    // Another section changing is not the front page changing.
    expect(frontPageChanged(now, { ...front(lead, breaking), sections: { ...now.sections, latest: [article('u', 1)] } })).toBe(false)
    expect(frontPageChanged(now, front(article('other', 10), breaking))).toBe(true)
    expect(frontPageChanged(now, front({ ...lead, title: 'A new headline' }, breaking))).toBe(true)
    expect(frontPageChanged(now, front({ ...lead, publishedAt: null }, breaking))).toBe(true)
    expect(frontPageChanged(now, front(lead, null))).toBe(true)
    expect(frontPageChanged(front(null), front(lead))).toBe(true)
  })

  it('may be touched by a change flagged lead or breaking, or to the lead or breaking story shown', () => {
    const now = front(lead, breaking)
    expect(changeTouchesFrontPage(now, { documentId: 'elsewhere' })).toBe(false)
    expect(changeTouchesFrontPage(now, { documentId: 'elsewhere', result: { isLeadStory: false, isBreakingNews: null } })).toBe(false)
    expect(changeTouchesFrontPage(now, { documentId: 'elsewhere', result: { isLeadStory: true } })).toBe(true)
    expect(changeTouchesFrontPage(now, { documentId: 'elsewhere', result: { isBreakingNews: true } })).toBe(true)
    expect(changeTouchesFrontPage(now, { documentId: 'lead' })).toBe(true)
    expect(changeTouchesFrontPage(now, { documentId: 'breaking', result: null })).toBe(true)
    expect(changeTouchesFrontPage(null, { documentId: 'lead' })).toBe(false)
  })
})
