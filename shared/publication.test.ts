import { describe, expect, it } from 'vitest'
import { publicationDates, storyChanged, withPublicationDates } from './publication.ts'

const now = new Date('2026-11-24T10:00:00.000Z')
const story = {
  _type: 'article',
  title: 'Night buses return',
  slug: { _type: 'slug', current: 'night-buses-return' },
  body: [{ _type: 'block', _key: 'a', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 'b', text: 'Route N29 runs again.', marks: [] }] }],
}

describe('publicationDates', () => {
  it('dates a story that goes live for the first time now, however long it was a draft', () => {
    expect(publicationDates(story, null, now)).toEqual({ publishedAt: now.toISOString() })
  })

  it('keeps a date the editor gave the story', () => {
    expect(publicationDates({ ...story, publishedAt: '2026-11-20T08:00:00.000Z' }, null, now)).toEqual({ publishedAt: '2026-11-20T08:00:00.000Z' })
  })

  it('keeps the live story’s date when it is published again, and says it was updated when a reader would see a change', () => {
    const live = { ...story, publishedAt: '2026-11-23T09:00:00.000Z' }
    expect(publicationDates({ ...live, title: 'Night buses return to Camden' }, live, now)).toEqual({ publishedAt: live.publishedAt, updatedAt: now.toISOString() })
    // Without a date of its own (a draft saved before the story went live), the live one is kept too.
    expect(publicationDates({ ...story, excerpt: 'Route N29 again' }, live, now)).toEqual({ publishedAt: live.publishedAt, updatedAt: now.toISOString() })
  })

  it('does not call a publish that changes nothing readers read an update', () => {
    const live = { ...story, publishedAt: '2026-11-23T09:00:00.000Z', readCount: 40, isFeatured: false }
    expect(publicationDates({ ...live, readCount: 41, isFeatured: true }, live, now)).toEqual({ publishedAt: live.publishedAt })
    const earlier = { ...live, updatedAt: '2026-11-23T12:00:00.000Z' }
    expect(publicationDates({ ...earlier }, earlier, now)).toEqual({ publishedAt: live.publishedAt, updatedAt: earlier.updatedAt })
  })

  it('counts a new correction as an update', () => {
    const live = { ...story, publishedAt: '2026-11-23T09:00:00.000Z' }
    const corrected = { ...live, corrections: [{ _key: 'c1', _type: 'correction', kind: 'correction', text: 'An earlier version gave the wrong route.', date: '2026-11-24' }] }
    expect(publicationDates(corrected, live, now).updatedAt).toBe(now.toISOString())
  })
})

describe('storyChanged', () => {
  it('compares content, not the order keys were written in', () => {
    const reordered = { body: [{ children: story.body[0]!.children, markDefs: [], style: 'normal', _key: 'a', _type: 'block' }], slug: { current: 'night-buses-return', _type: 'slug' }, title: story.title }
    expect(storyChanged(story, reordered)).toBe(false)
    expect(storyChanged(story, { ...story, title: 'Day buses return' })).toBe(true)
  })

  it('reads past the keys the editor makes anew on each save, links included', () => {
    const linked = (spanKey: string, linkKey: string, href: string) => ({
      body: [{ _type: 'block', _key: 'a', style: 'normal', markDefs: [{ _type: 'link', _key: linkKey, href }], children: [{ _type: 'span', _key: spanKey, text: 'TfL', marks: [linkKey, 'strong'] }] }],
    })
    expect(storyChanged(linked('s1', 'l1', 'https://tfl.gov.uk/'), linked('s2', 'l2', 'https://tfl.gov.uk/'))).toBe(false)
    expect(storyChanged(linked('s1', 'l1', 'https://tfl.gov.uk/'), linked('s1', 'l1', 'https://tfl.gov.uk/night'))).toBe(true)
  })
})

describe('withPublicationDates', () => {
  it('drops an updated time that is not after the publish date', () => {
    const doc = withPublicationDates({ ...story, publishedAt: '2026-11-25T00:00:00.000Z', updatedAt: '2026-11-24T00:00:00.000Z' }, null, now)
    expect(doc.publishedAt).toBe('2026-11-25T00:00:00.000Z')
    expect('updatedAt' in doc).toBe(false)
  })
})
