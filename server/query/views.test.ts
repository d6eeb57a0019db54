// The cases the newsroom meets every day, each named: what an editor and a reader see of a document
// after a draft is saved, published, discarded or unpublished, and where it sits in the dataset's
// order (the order groq-js returns `*` in). views.property.test.ts covers every sequence.

import { describe, expect, it } from 'vitest'
import type { Doc } from '../store/mutations.ts'
import { Replica, type Perspective, type Reader } from './views.ts'

const editor: Reader = { anonymous: false, identity: 'editor' }
const anonymous: Reader = { anonymous: true }
const article = (id: string, title: string): Doc => ({ _id: id, _type: 'article', title })

function replicaOf(...docs: Doc[]): Replica {
  const replica = new Replica()
  for (const doc of docs) replica.store(doc._id, doc)
  return replica
}

const seen = (replica: Replica, perspective: Perspective, reader: Reader) =>
  replica.view(perspective, reader).docs.map((d) => `${d._id}:${String(d.title)}${d._originalId ? ` (${String(d._originalId)})` : ''}`)

describe('Replica views', () => {
  it('shows editors a saved draft in place of the published article, and readers the published one', () => {
    const replica = replicaOf(article('a', 'Old'), article('b', 'Other'))
    expect(seen(replica, 'drafts', editor)).toEqual(['a:Old (a)', 'b:Other (b)'])
    replica.apply([{ id: 'drafts.a', after: article('drafts.a', 'New') }])
    expect(seen(replica, 'drafts', editor)).toEqual(['a:New (drafts.a)', 'b:Other (b)'])
    expect(seen(replica, 'published', anonymous)).toEqual(['a:Old', 'b:Other'])
    expect(replica.view('drafts', editor).byId.get('a')?.title).toBe('New')
  })

  it('shows the published article again, in its place, when its draft is discarded', () => {
    const replica = replicaOf(article('a', 'Old'), article('drafts.a', 'New'), article('b', 'Other'))
    expect(seen(replica, 'drafts', editor)).toEqual(['a:New (drafts.a)', 'b:Other (b)'])
    replica.apply([{ id: 'drafts.a', after: null }])
    expect(seen(replica, 'drafts', editor)).toEqual(['a:Old (a)', 'b:Other (b)'])
  })

  it('keeps the draft of an unpublished article, at the draft’s place in the dataset', () => {
    const replica = replicaOf(article('a', 'Old'), article('b', 'Other'), article('drafts.a', 'New'), article('c', 'Third'))
    expect(seen(replica, 'drafts', editor)).toEqual(['a:New (drafts.a)', 'b:Other (b)', 'c:Third (c)'])
    replica.apply([{ id: 'a', after: null }])
    expect(seen(replica, 'drafts', editor)).toEqual(['b:Other (b)', 'a:New (drafts.a)', 'c:Third (c)'])
    expect(seen(replica, 'published', anonymous)).toEqual(['b:Other', 'c:Third'])
  })

  it('puts a first publish last, where the new published document is, once its draft is gone', () => {
    const replica = replicaOf(article('drafts.a', 'New'), article('b', 'Other'))
    expect(seen(replica, 'drafts', editor)).toEqual(['a:New (drafts.a)', 'b:Other (b)'])
    replica.apply([
      { id: 'a', after: article('a', 'New') },
      { id: 'drafts.a', after: null },
    ])
    expect(seen(replica, 'drafts', editor)).toEqual(['b:Other (b)', 'a:New (a)'])
    expect(seen(replica, 'published', anonymous)).toEqual(['b:Other', 'a:New'])
  })

  it('keeps a corrected article in its place and puts a new one last', () => {
    const replica = replicaOf(article('a', 'One'), article('b', 'Two'))
    expect(seen(replica, 'published', anonymous)).toEqual(['a:One', 'b:Two'])
    replica.apply([{ id: 'a', after: article('a', 'One, corrected') }])
    replica.apply([{ id: 'c', after: article('c', 'Three') }])
    expect(seen(replica, 'published', anonymous)).toEqual(['a:One, corrected', 'b:Two', 'c:Three'])
  })

  it('never shows anonymous readers drafts, versions or private paths, whatever perspective they ask for', () => {
    const replica = replicaOf(article('a', 'Public'), article('drafts.a', 'Draft'), article('versions.r1.a', 'Release'), article('settings.secret', 'Private'))
    for (const perspective of ['published', 'drafts', 'raw'] as const) {
      expect(seen(replica, perspective, anonymous)).toEqual(['a:Public'])
      expect(seen(replica, perspective, { anonymous: true, versions: true })).toEqual(['a:Public'])
    }
    replica.apply([{ id: 'settings.other', after: article('settings.other', 'Private too') }])
    expect(seen(replica, 'raw', anonymous)).toEqual(['a:Public'])
  })

  it('shows editors private paths in every perspective, and versions only in raw when their API version has them', () => {
    const replica = replicaOf(article('a', 'Public'), article('drafts.a', 'Draft'), article('versions.r1.a', 'Release'), article('settings.secret', 'Private'))
    expect(seen(replica, 'published', editor)).toEqual(['a:Public', 'settings.secret:Private'])
    expect(seen(replica, 'raw', editor)).toEqual(['a:Public', 'drafts.a:Draft', 'settings.secret:Private'])
    expect(seen(replica, 'raw', { ...editor, versions: true })).toEqual(['a:Public', 'drafts.a:Draft', 'versions.r1.a:Release', 'settings.secret:Private'])
    expect(seen(replica, 'drafts', { ...editor, versions: true })).toEqual(['a:Draft (drafts.a)', 'settings.secret:Private (settings.secret)'])
  })

  it('changes nothing when a transaction already loaded is applied again', () => {
    const replica = replicaOf(article('a', 'One'), article('b', 'Two'))
    const changes = [
      { id: 'a', after: article('a', 'One, corrected') },
      { id: 'c', after: null },
    ]
    replica.apply(changes)
    const before = seen(replica, 'drafts', editor)
    replica.apply(changes)
    expect(seen(replica, 'drafts', editor)).toEqual(before)
  })
})

describe('Kept filters', () => {
  const all = () => true
  const byTitle = (doc: Doc) => [doc.title]
  const compare = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]))

  it('keep their matches and orders current through writes', () => {
    const replica = replicaOf(article('a', 'B'), article('b', 'A'), { _id: 'p', _type: 'person', title: 'C' })
    const view = replica.view('published', anonymous)
    const isArticle = (doc: Doc) => doc._type === 'article'
    const matches = view.match('articles', isArticle)
    const sorted = view.sorted('articles', 'title', byTitle, compare)!
    expect(matches.map((d) => d._id)).toEqual(['a', 'b'])
    expect(sorted.map((d) => d._id)).toEqual(['b', 'a'])
    replica.apply([
      { id: 'c', after: article('c', '0') },
      { id: 'b', after: null },
      { id: 'p', after: article('p', 'Z') },
    ])
    expect(view.match('articles', isArticle).map((d) => d._id)).toEqual(['a', 'p', 'c'])
    expect(view.sorted('articles', 'title', byTitle, compare)!.map((d) => d._id)).toEqual(['c', 'a', 'p'])
  })

  it('are not sorted once dropped: the planner sorts them itself', () => {
    const view = replicaOf(article('a', 'A')).view('published', anonymous)
    expect(view.sorted('never asked', 'title', byTitle, compare)).toBeNull()
  })

  it('hold a bounded number of entries, dropping the least recently used filter first', () => {
    const replica = new Replica()
    for (let i = 0; i < 12_000; i++) replica.store(`a${i}`, article(`a${i}`, `T${i}`))
    const view = replica.view('published', anonymous)
    // 12,000 entries each; the budget is four times the view, 48,000.
    const first = view.match('first', all)
    const second = view.match('second', all)
    view.match('third', all)
    view.match('fourth', all)
    expect(view.match('first', all)).toBe(first)
    expect(view.match('second', all)).toBe(second)
    view.match('first', all)
    view.sorted('first', 'title', byTitle, compare)
    // 60,000 entries: the third filter, used least recently, is dropped and built again when asked for.
    expect(view.match('first', all)).toBe(first)
    expect(view.match('second', all)).toBe(second)
    const third = view.match('third', all)
    expect(view.sorted('first', 'title', byTitle, compare)?.length).toBe(12_000)
    expect(view.match('third', all)).toBe(third)
  })
})
