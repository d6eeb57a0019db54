import { describe, expect, it } from 'vitest'
import { checkBounds } from './bounds.ts'
import { liveUpdateProblem, pinsToMove, secondPin } from './liveUpdates.ts'
import { liveUpdateMessages } from '../../shared/liveBlog.ts'
import type { Change, Doc } from './mutations.ts'

const update = (fields: Record<string, unknown> = {}): Doc => ({
  _id: 'u1',
  _type: 'liveUpdate',
  liveBlog: { _type: 'reference', _ref: 'blog-1' },
  publishedAt: '2026-11-27T18:00:00.000Z',
  body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'Trains are running again.', marks: [] }] }],
  ...fields,
})
const change = (after: Doc | null, before: Doc | null = null): Change => ({ id: after?._id ?? before?._id ?? 'x', before, after, mutations: [0] })

describe('liveUpdateProblem', () => {
  it('accepts a complete update, with or without headline and flags, and ignores other documents', () => {
    expect(liveUpdateProblem(update())).toBeNull()
    expect(liveUpdateProblem(update({ headline: 'h'.repeat(200), isKeyEvent: true, isPinned: false, updatedAt: '2026-11-27T18:05:00Z' }))).toBeNull()
    expect(liveUpdateProblem({ _id: 'a', _type: 'article', body: 'anything' })).toBeNull()
    expect(liveUpdateProblem(null)).toBeNull()
  })

  it('names the field of each bound an update breaks', () => {
    expect(liveUpdateProblem(update({ liveBlog: undefined }))).toEqual({ field: 'liveBlog', message: 'An update must name its live blog, as a reference in liveBlog.' })
    expect(liveUpdateProblem(update({ liveBlog: { _ref: 'drafts.blog-1' } }))?.message).toBe('An update must name the published id of its live blog, not a draft.')
    expect(liveUpdateProblem(update({ publishedAt: 'yesterday' }))?.field).toBe('publishedAt')
    expect(liveUpdateProblem(update({ publishedAt: undefined }))?.field).toBe('publishedAt')
    expect(liveUpdateProblem(update({ headline: 'h'.repeat(201) }))).toEqual({ field: 'headline', message: 'Headline must be at most 200 characters long.' })
    expect(liveUpdateProblem(update({ headline: 42 }))?.field).toBe('headline')
    expect(liveUpdateProblem(update({ body: [] }))).toEqual({ field: 'body', message: 'An update needs a body, as Portable Text.' })
    expect(liveUpdateProblem(update({ body: Array.from({ length: 61 }, () => ({ _type: 'block' })) }))?.message).toBe('An update may hold at most 60 paragraphs or pictures.')
    expect(liveUpdateProblem(update({ isPinned: 'yes' }))).toEqual({ field: 'isPinned', message: 'isPinned must be true or false.' })
  })
})

describe('pinsToMove and secondPin', () => {
  // The blogs' pinned updates as the store finds them from their keys.
  const stored = (docs: Doc[]) => (blog: string) =>
    docs.filter((doc) => doc.isPinned === true && !doc._id.startsWith('drafts.') && (doc.liveBlog as { _ref: string })._ref === blog).map((doc) => doc._id)

  it('moves the pin: a new pin unpins the blog\'s other pinned updates, and a second pin is left to none', () => {
    const pinned = stored([update({ _id: 'u0', isPinned: true }), update({ _id: 'u9', isPinned: true })])
    expect(pinsToMove([change(update({ isPinned: true }))], pinned)).toEqual(['u0', 'u9'])
    // Unpinned by the transaction already: nothing more to do.
    expect(pinsToMove([change(update({ isPinned: true })), change(update({ _id: 'u0' }), update({ _id: 'u0', isPinned: true }))], pinned)).toEqual(['u9'])
    // An update that stays pinned, or is not pinned, moves nothing.
    expect(pinsToMove([change(update({ _id: 'u0', isPinned: true, headline: 'Edited' }), update({ _id: 'u0', isPinned: true }))], pinned)).toEqual([])
    expect(pinsToMove([change(update())], () => expect.unreachable('a post that pins nothing reads no key'))).toEqual([])
  })

  it('counts each blog apart, and drafts not at all', () => {
    const pinned = stored([update({ _id: 'u0', isPinned: true, liveBlog: { _ref: 'blog-2' } }), update({ _id: 'drafts.u9', isPinned: true })])
    expect(pinsToMove([change(update({ isPinned: true }))], pinned)).toEqual([])
    expect(pinsToMove([change(update({ _id: 'drafts.u1', isPinned: true }))], stored([update({ _id: 'u0', isPinned: true })]))).toEqual([])
  })

  it('refuses a transaction that pins two updates of one blog, as a 400 naming isPinned', () => {
    const none = stored([])
    expect(secondPin([change(update({ isPinned: true }))], stored([update({ _id: 'u0', isPinned: true })]))?.id).toBe('u1')
    expect(secondPin([change(update({ isPinned: true })), change(update({ _id: 'u2', isPinned: true, liveBlog: { _ref: 'blog-2' } }))], none)).toBeNull()
    let thrown: unknown
    try {
      checkBounds([change(update({ isPinned: true })), change(update({ _id: 'u2', isPinned: true }))], none)
    } catch (error) {
      thrown = error
    }
    const error = thrown as { status: number; body: { error: { items: Array<{ error: Record<string, unknown> }> } } }
    expect(error.status).toBe(400)
    expect(error.body.error.items[0]?.error).toMatchObject({ id: 'u1', field: 'isPinned', description: liveUpdateMessages.pinnedTwice })
  })
})
