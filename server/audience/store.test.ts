import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AudienceStore, hourOf, minuteOf, minutesKept, openAudienceDb } from './store.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'audience-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('the audience store', () => {
  it('adds reads to their hour and source, and sums an article\'s reads since an hour', () => {
    const store = new AudienceStore(dir)
    const hour = hourOf(Date.UTC(2026, 10, 27, 14, 30))
    store.add([
      { dataset: 'production', articleId: 'a', hour, source: 'search', reads: 3 },
      { dataset: 'production', articleId: 'a', hour, source: 'direct', reads: 1 },
      { dataset: 'production', articleId: 'b', hour: hour - 30, source: 'social', reads: 7 },
    ])
    store.add([{ dataset: 'production', articleId: 'a', hour, source: 'search', reads: 2 }])
    expect(store.readsSince('production', hour - 23)).toEqual(new Map([['a', 6]]))
    expect(store.readsSince('production', hour - 40)).toEqual(new Map([['a', 6], ['b', 7]]))
    expect(store.readsSince('staging', hour - 40)).toEqual(new Map())
    store.close()
    // Another reader of the same file (the admin's Audience page) sees the same rows.
    const db = openAudienceDb(dir)
    expect(db.prepare('SELECT source, reads FROM reads_hourly WHERE article_id = ? ORDER BY source').all('a')).toEqual([
      { source: 'direct', reads: 1 },
      { source: 'search', reads: 5 },
    ])
    db.close()
  })

  it('deletes the hours older than the retention', () => {
    const store = new AudienceStore(dir)
    store.add([
      { dataset: 'production', articleId: 'old', hour: 100, source: 'other', reads: 1 },
      { dataset: 'production', articleId: 'new', hour: 200, source: 'other', reads: 1 },
    ])
    expect(store.prune(150)).toBe(1)
    expect(store.readsSince('production', 0)).toEqual(new Map([['new', 1]]))
    store.close()
  })

  it('keeps reads per minute, added with the hours, for the last two hours only', () => {
    const store = new AudienceStore(dir)
    const now = Date.UTC(2026, 10, 27, 14, 30)
    const minute = minuteOf(now)
    const hourly = { dataset: 'production', articleId: 'a', hour: hourOf(now), source: 'direct' as const, reads: 1 }
    store.add([hourly], [
      { dataset: 'production', articleId: 'a', minute, reads: 2 },
      { dataset: 'production', articleId: 'a', minute: minute - minutesKept - 1, reads: 9 },
    ], now)
    store.add([hourly], [{ dataset: 'production', articleId: 'a', minute, reads: 3 }], now)
    expect(store.db.prepare('SELECT minute, reads FROM reads_minutely').all()).toEqual([{ minute, reads: 5 }])
    store.close()
  })
})
