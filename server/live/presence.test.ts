import { describe, expect, it } from 'vitest'
import { PresenceBook, PresenceFullError, type PresenceHolder, type PresenceLimits, type PresentEditor } from './presence.ts'

const limits: PresenceLimits = { expireMs: 30_000, maxPerSession: 3, maxEntries: 5, sweepMs: 5_000 }

function book(overrides: Partial<PresenceLimits> = {}) {
  const clock = { now: Date.parse('2026-11-24T10:04:00Z') }
  return { clock, book: new PresenceBook({ ...limits, ...overrides }, () => clock.now) }
}

const jane: PresenceHolder = { session: 's-jane', tab: 't1', userId: 'u-jane', name: 'jane@resonance.test', role: 'editor' }
const omar: PresenceHolder = { session: 's-omar', tab: 't1', userId: 'u-omar', name: 'omar@resonance.test', role: 'contributor' }

const names = (editors: PresentEditor[]) => editors.map((e) => e.name)

describe('PresenceBook', () => {
  it('tells each editor about the others on the same document, with role and since when', () => {
    const { book: b, clock } = book()
    expect(b.announce('production', 'a1', jane)).toEqual([])
    clock.now += 60_000
    const seenByOmar = b.announce('production', 'a1', omar)
    expect(seenByOmar).toEqual([{ key: expect.any(String), name: 'jane@resonance.test', role: 'editor', since: '2026-11-24T10:04:00.000Z' }])
    expect(names(b.announce('production', 'a1', jane))).toEqual(['omar@resonance.test'])
    // Another article, or the same id in another dataset, is another presence.
    expect(b.list('production', 'a2')).toEqual([])
    expect(b.list('staging', 'a1')).toEqual([])
  })

  it('keeps one entry per session and tab: heartbeats refresh it, a second tab is a second entry', () => {
    const { book: b } = book()
    b.announce('production', 'a1', jane)
    b.announce('production', 'a1', jane)
    expect(b.size).toBe(1)
    b.announce('production', 'a1', { ...jane, tab: 't2' })
    expect(b.size).toBe(2)
    // The second tab sees the first one of the same person: two forms on one article can conflict too.
    expect(names(b.list('production', 'a1', 's-jane', 't2'))).toEqual(['jane@resonance.test'])
  })

  it('drops an entry 30 s after its last heartbeat, and not before', () => {
    const { book: b, clock } = book()
    b.announce('production', 'a1', jane)
    clock.now += 20_000
    b.announce('production', 'a1', jane)
    b.announce('production', 'a1', omar)
    clock.now += 30_000
    b.sweep()
    expect(names(b.list('production', 'a1'))).toEqual(['jane@resonance.test', 'omar@resonance.test'])
    clock.now += 1
    b.sweep()
    expect(b.size).toBe(0)
    expect(b.list('production', 'a1')).toEqual([])
  })

  it('tells watchers at once and after each join, leave and expiry they can see, leaving their own tab out', () => {
    const { book: b, clock } = book()
    const seen: string[][] = []
    const stop = b.watch('production', 'a1', 's-jane', 't1', (editors) => seen.push(names(editors)))
    b.announce('production', 'a1', jane)
    b.announce('production', 'a1', omar)
    b.announce('production', 'a1', omar)
    b.leave('production', 'a1', 's-omar', 't1')
    b.announce('production', 'a1', omar)
    clock.now += 31_000
    b.announce('production', 'a1', jane)
    b.sweep()
    stop()
    b.announce('production', 'a1', omar)
    expect(seen).toEqual([[], ['omar@resonance.test'], [], ['omar@resonance.test'], []])
  })

  it('leaving twice, or leaving what was never announced, changes nothing', () => {
    const { book: b } = book()
    b.announce('production', 'a1', jane)
    b.leave('production', 'a1', 's-omar', 't1')
    b.leave('production', 'a1', 's-jane', 't9')
    expect(b.size).toBe(1)
    b.leave('production', 'a1', 's-jane', 't1')
    b.leave('production', 'a1', 's-jane', 't1')
    expect(b.size).toBe(0)
  })

  it('a session over its share loses its own oldest entry, nobody else’s', () => {
    const { book: b, clock } = book()
    b.announce('production', 'other', omar)
    for (const id of ['a1', 'a2', 'a3', 'a4']) {
      b.announce('production', id, jane)
      clock.now += 1_000
    }
    expect(b.size).toBe(4)
    expect(b.list('production', 'a1')).toEqual([])
    expect(names(b.list('production', 'a4'))).toEqual(['jane@resonance.test'])
    expect(names(b.list('production', 'other'))).toEqual(['omar@resonance.test'])
  })

  it('refuses a new entry when the book is full, and takes one again once an entry expires', () => {
    const { book: b, clock } = book({ maxEntries: 2 })
    b.announce('production', 'a1', jane)
    clock.now += 10_000
    b.announce('production', 'a1', omar)
    expect(() => b.announce('production', 'a1', { ...jane, session: 's-third' })).toThrow(PresenceFullError)
    // Heartbeats of those already in go on.
    expect(names(b.announce('production', 'a1', omar))).toEqual(['jane@resonance.test'])
    clock.now += 25_000
    b.sweep()
    expect(names(b.announce('production', 'a1', { ...jane, session: 's-third', name: 'third@resonance.test' }))).toEqual(['omar@resonance.test'])
  })

  it('keys stay the same while an entry lives and say nothing of the session', () => {
    const { book: b } = book()
    b.announce('production', 'a1', jane)
    const [first] = b.list('production', 'a1')
    b.announce('production', 'a1', jane)
    const [again] = b.list('production', 'a1')
    expect(again!.key).toBe(first!.key)
    expect(first!.key).not.toContain('s-jane')
  })
})
