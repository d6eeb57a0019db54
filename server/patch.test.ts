import { describe, expect, it } from 'vitest'
import { applyPatch, parsePath, PatchError } from './patch.ts'

const doc = () => ({
  _id: 'a',
  _type: 'article',
  title: 'Old',
  readCount: 10,
  tags: ['x', 'y', 'z'],
  body: [
    { _key: 'k1', _type: 'block', text: 'one' },
    { _key: 'k2', _type: 'block', text: 'two' },
  ],
})

describe('parsePath', () => {
  it('reads attributes, indexes, keyed members and slices', () => {
    expect(parsePath('body[_key=="k1"].children[-1].text')).toEqual([
      { kind: 'attr', name: 'body' },
      { kind: 'key', key: 'k1' },
      { kind: 'attr', name: 'children' },
      { kind: 'index', index: -1 },
      { kind: 'attr', name: 'text' },
    ])
    expect(parsePath("tags[_key == 'a b']")).toEqual([{ kind: 'attr', name: 'tags' }, { kind: 'key', key: 'a b' }])
    expect(parsePath('tags[1:]')).toEqual([{ kind: 'attr', name: 'tags' }, { kind: 'slice', start: 1, end: null }])
  })

  it('rejects what it cannot read', () => {
    expect(() => parsePath('')).toThrow(PatchError)
    expect(() => parsePath('a[')).toThrow(PatchError)
    expect(() => parsePath('a[foo > 1]')).toThrow(/Unsupported selector/)
  })
})

describe('applyPatch', () => {
  it('sets nested paths, creating missing objects on the way', () => {
    const d: Record<string, unknown> = doc()
    applyPatch(d, { set: { title: 'New', 'seo.meta.description': 'Hi', 'body[_key=="k2"].text': 'TWO' } })
    expect(d.title).toBe('New')
    expect(d.seo).toEqual({ meta: { description: 'Hi' } })
    expect((d.body as Array<{ text: string }>)[1]!.text).toBe('TWO')
  })

  it('setIfMissing leaves present values alone', () => {
    const d: Record<string, unknown> = doc()
    applyPatch(d, { setIfMissing: { title: 'Ignored', subtitle: 'Added' } })
    expect(d.title).toBe('Old')
    expect(d.subtitle).toBe('Added')
  })

  it('unsets attributes and array members', () => {
    const d: Record<string, unknown> = doc()
    applyPatch(d, { unset: ['title', 'tags[0]', 'body[_key=="k1"]', 'missing.path'] })
    expect(d.title).toBeUndefined()
    expect(d.tags).toEqual(['y', 'z'])
    expect((d.body as Array<{ _key: string }>).map((b) => b._key)).toEqual(['k2'])
  })

  it('increments and decrements numbers, and refuses non-numbers', () => {
    const d: Record<string, unknown> = doc()
    applyPatch(d, { inc: { readCount: 5 }, dec: { readCount: 2 } })
    expect(d.readCount).toBe(13)
    expect(() => applyPatch(d, { inc: { title: 1 } })).toThrow(/not a number/)
  })

  it('inserts before, after and in place of members', () => {
    const d: Record<string, unknown> = doc()
    applyPatch(d, { insert: { after: 'tags[-1]', items: ['end'] } })
    applyPatch(d, { insert: { before: 'tags[0]', items: ['start'] } })
    applyPatch(d, { insert: { replace: 'tags[2:4]', items: ['mid'] } })
    expect(d.tags).toEqual(['start', 'x', 'mid', 'end'])
    applyPatch(d, { insert: { after: 'body[_key=="k1"]', items: [{ _key: 'k15', _type: 'block', text: 'one and a half' }] } })
    expect((d.body as Array<{ _key: string }>).map((b) => b._key)).toEqual(['k1', 'k15', 'k2'])
  })

  it('starts a missing array on append', () => {
    const d: Record<string, unknown> = doc()
    applyPatch(d, { insert: { after: 'gallery[-1]', items: [1, 2] } })
    expect(d.gallery).toEqual([1, 2])
  })

  it('applies diff-match-patch text patches to strings', () => {
    const d: Record<string, unknown> = { ...doc(), title: 'Fares rise in London' }
    applyPatch(d, { diffMatchPatch: { title: '@@ -3,17 +3,17 @@\n res \n-rise\n+fall\n  in Lond\n' } })
    expect(d.title).toBe('Fares fall in London')
    expect(() => applyPatch(d, { diffMatchPatch: { readCount: '@@ -1 +1 @@\n-1\n+2\n' } })).toThrow(/not a string/)
  })

  it('refuses to change _id or _type, and unknown operations', () => {
    expect(() => applyPatch(doc(), { set: { _id: 'b' } })).toThrow(PatchError)
    expect(() => applyPatch(doc(), { unset: ['_type'] })).toThrow(PatchError)
    expect(() => applyPatch(doc(), { merge: { title: 'x' } } as never)).toThrow(/Unsupported patch operation/)
    expect(() => applyPatch(doc(), { insert: { before: 'tags[0]', after: 'tags[0]', items: [] } })).toThrow(/exactly one/)
  })
})
