import { describe, expect, it } from 'vitest'
import { saveMutations } from './articleForm/transaction.ts'
import {
  authorName,
  bodyText,
  deletedTitle,
  diffArticle,
  parseTransactions,
  recreateMutations,
  referencedIds,
  restoreInput,
  revisionTime,
  shownArticle,
  textDiff,
} from './history.ts'

const block = (text: string, key = 'k') => ({ _type: 'block', _key: key, style: 'normal', markDefs: [], children: [{ _type: 'span', _key: `${key}s`, text, marks: [] }] })

const base = {
  _id: 'a1',
  _type: 'article',
  _rev: 'r1',
  title: 'Bridge opens',
  slug: { _type: 'slug', current: 'bridge-opens' },
  excerpt: 'The bridge opens today.',
  author: { _type: 'reference', _ref: 'author-1' },
  categories: [{ _type: 'reference', _ref: 'cat-1', _key: 'c1' }],
  publishedAt: '2026-11-20T09:00:00.000Z',
  body: [block('The river is crossed.', 'p1'), { _type: 'image', _key: 'i1', alt: 'The bridge', asset: { _ref: 'image-x' } }],
}

describe('diffArticle', () => {
  it('leaves out fields that are equal', () => {
    expect(diffArticle(base, { ...base, _rev: 'r2' })).toEqual([])
  })

  it('tells changed, added and removed fields apart, in the form’s order', () => {
    const revision = { ...base, excerpt: undefined, isFeatured: true }
    const current = { ...base, title: 'Bridge opens at last', excerpt: 'Now with an excerpt', isFeatured: false }
    expect(diffArticle(revision, current).map((c) => [c.label, c.kind, c.revision, c.current])).toEqual([
      ['Title', 'changed', 'Bridge opens', 'Bridge opens at last'],
      ['Excerpt', 'added', '', 'Now with an excerpt'],
      ['Featured', 'removed', 'Yes', ''],
    ])
  })

  it('names authors and categories when their names are known', () => {
    const names = new Map([
      ['author-1', 'Ada Lovelace'],
      ['author-2', 'Grace Hopper'],
      ['cat-1', 'London'],
    ])
    const change = diffArticle(base, { ...base, author: { _type: 'reference', _ref: 'author-2' } }, names)
    expect(change).toEqual([{ field: 'author', label: 'Author', kind: 'changed', revision: 'Ada Lovelace', current: 'Grace Hopper' }])
    expect(referencedIds(base, null, { ...base, author: { _ref: 'author-2' } })).toEqual(['author-1', 'cat-1', 'author-2'])
  })

  it('compares the body as text, and a revision the current version lacks as all removed', () => {
    const current = { ...base, body: [block('The river is crossed at last.', 'p1')] }
    const [body] = diffArticle(base, current)
    expect(body).toMatchObject({ field: 'body', kind: 'changed', revision: 'The river is crossed.\n\n[Image: The bridge]', current: 'The river is crossed at last.' })
    expect(diffArticle(base, null).every((c) => c.kind === 'removed')).toBe(true)
  })
})

describe('textDiff', () => {
  it('gives the runs that turn the revision’s text into the current one', () => {
    const parts = textDiff('The river is crossed.', 'The river is crossed at last.')
    expect(parts.filter((p) => p.kind !== 'same').map((p) => [p.kind, p.text])).toEqual([['added', ' at last']])
    expect(parts.filter((p) => p.kind !== 'added').map((p) => p.text).join('')).toBe('The river is crossed.')
    expect(parts.filter((p) => p.kind !== 'removed').map((p) => p.text).join('')).toBe('The river is crossed at last.')
  })

  it('is all the same for equal text, and empty for two empty texts', () => {
    expect(textDiff('same', 'same')).toEqual([{ kind: 'same', text: 'same' }])
    expect(textDiff('', '')).toEqual([])
  })
})

describe('reading the History API', () => {
  it('parses the NDJSON transactions, skipping lines that are not transactions', () => {
    const text = `${JSON.stringify({ id: 't2', timestamp: '2026-11-24T10:00:00Z', author: 'u1', documentIDs: ['a1'] })}\nnot json\n${JSON.stringify({ nope: 1 })}\n${JSON.stringify({ id: 't1', timestamp: '2026-11-23T10:00:00Z' })}\n`
    expect(parseTransactions(text)).toEqual([
      { id: 't2', timestamp: '2026-11-24T10:00:00Z', author: 'u1' },
      { id: 't1', timestamp: '2026-11-23T10:00:00Z', author: '' },
    ])
  })

  it('shows the draft over the published document', () => {
    const published = { _id: 'a1', title: 'Published' }
    const draft = { _id: 'drafts.a1', title: 'Draft' }
    expect(shownArticle([published, draft], 'a1')).toBe(draft)
    expect(shownArticle([published], 'a1')).toBe(published)
    expect(shownArticle([], 'a1')).toBeNull()
  })

  it('writes revision times on London’s clock, summer and winter', () => {
    expect(revisionTime('2026-07-01T08:05:09Z')).toBe('1 Jul 2026, 09:05:09')
    expect(revisionTime('2026-11-24T08:05:09Z')).toBe('24 Nov 2026, 08:05:09')
    expect(revisionTime('not a time')).toBe('not a time')
  })

  it('names an author by email, an API token as such, and anyone else by identity', () => {
    const emails = new Map<string, string | null>([['u1', 'ada@paper.test'], ['u2', null]])
    expect(authorName('u1', emails)).toBe('ada@paper.test')
    expect(authorName('robot:abc', emails)).toBe('API token')
    expect(authorName('u2', emails)).toBe('u2')
    expect(authorName('', emails)).toBe('Unknown')
  })
})

describe('bodyText', () => {
  it('takes each block’s text as a paragraph and ignores what it does not know', () => {
    expect(bodyText([block('One'), { _type: 'image' }, { _type: 'video' }, block('Two')])).toBe('One\n\n[Image]\n\nTwo')
    expect(bodyText(null)).toBe('')
  })
})

describe('restoring', () => {
  it('saves the revision’s content over the published article, guarded by the revision the panel compared with', () => {
    const revision = { ...base, _rev: 'old', title: 'Old title' }
    const input = restoreInput('a1', revision, [{ ...base, _rev: 'now' }])
    const mutations = saveMutations(input, () => 'key')
    expect(mutations[0]).toEqual({ patch: { id: 'a1', ifRevisionID: 'now' } })
    expect(mutations[1]).toMatchObject({ createOrReplace: { _id: 'a1', title: 'Old title', excerpt: 'The bridge opens today.', publishedAt: base.publishedAt } })
  })

  it('keeps an unpublished article a draft', () => {
    const input = restoreInput('a1', { ...base, _id: 'a1' }, [{ ...base, _id: 'drafts.a1', _rev: 'd1' }])
    const mutations = saveMutations(input, () => 'key')
    expect(mutations[0]).toEqual({ patch: { id: 'drafts.a1', ifRevisionID: 'd1' } })
    expect(mutations[1]).toMatchObject({ createOrReplace: { _id: 'drafts.a1' } })
    expect(mutations.some((m) => 'delete' in m)).toBe(false)
  })

  it('recreates a deleted article as a new draft without the service’s own fields', () => {
    const [mutation] = recreateMutations('a1', { ...base, _createdAt: 'x', _updatedAt: 'y' })
    expect(mutation!.create).toMatchObject({ _id: 'drafts.a1', _type: 'article', title: 'Bridge opens' })
    expect(mutation!.create).not.toHaveProperty('_rev')
    expect(mutation!.create).not.toHaveProperty('_updatedAt')
    expect(deletedTitle({ document: { _id: 'a1', title: '  ' } })).toBe('Untitled article')
  })
})
