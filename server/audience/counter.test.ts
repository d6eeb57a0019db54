import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Store } from '../store/store.ts'
import { pageOf, ReadCounter } from './counter.ts'
import { DailyReaders } from './readers.ts'
import { AudienceStore } from './store.ts'

const seen = (path: string) => {
  const page = pageOf(path)
  return page && { type: page.type, slug: page.slug, landing: page.landing.toString() }
}

describe('the page a beacon names', () => {
  it('reads an article or photo essay from its plain path, and nothing else', () => {
    expect(seen('/article/rates-hold')).toEqual({ type: 'article', slug: 'rates-hold', landing: '' })
    expect(seen('/photo-essays/thames-at-dawn/')).toEqual({ type: 'imageGallery', slug: 'thames-at-dawn', landing: '' })
    expect(seen('/article/rates-hold?ref=newsletter')).toEqual({ type: 'article', slug: 'rates-hold', landing: 'ref=newsletter' })
    expect(seen('/article/caf%C3%A9')).toEqual({ type: 'article', slug: 'café', landing: '' })
    for (const path of ['/author/priya', '/article/', '/article/a/b', '/Article/rates-hold', '/article/rates-hold?preview', '//elsewhere.example/article/rates-hold', '/article/%E0%A4%A']) expect(seen(path), path).toBeNull()
  })

  it('reads a plain path as the URL parser would', () => {
    // A path with an empty query goes through the URL parser; without it, through the shortcut.
    const segment = fc.constantFrom('article', 'photo-essays', 'author', 'section', 'articles', 'photo-essay')
    const slug = fc.stringMatching(/^[\w.~%-]{0,12}$/)
    fc.assert(
      fc.property(segment, slug, fc.boolean(), (first, rest, slash) => {
        const path = `/${first}/${rest}${slash ? '/' : ''}`
        expect(seen(path)).toEqual(seen(`${path}?`))
      }),
    )
  })
})

describe('the day\'s readers', () => {
  it('knows a reader of a page again the same day, and not another page or another reader', () => {
    const readers = new DailyReaders(10, () => Date.UTC(2026, 10, 27, 12))
    expect(readers.firstToday('203.0.113.7', 'Firefox', 'article/a')).toBe(true)
    expect(readers.firstToday('203.0.113.7', 'Firefox', 'article/a')).toBe(false)
    expect(readers.firstToday('203.0.113.7', 'Firefox', 'article/b')).toBe(true)
    expect(readers.firstToday('203.0.113.8', 'Firefox', 'article/a')).toBe(true)
  })
})

describe('the reads of the last day after a start', () => {
  it('are taken off an article at the first fold when nobody read it in the last 24 hours', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'resonance-counter-'))
    const store = new Store(dir)
    const audience = new AudienceStore(dir)
    try {
      store.createDataset('production')
      // Stored by a run before this start: counts a document new to the dataset brings are kept.
      await store.commit('production', [
        { create: { _id: 'stale', _type: 'article', title: 'Read yesterday', readCount: 9, readsLastDay: 4 } },
        { create: { _id: 'never', _type: 'article', title: 'Never read' } },
      ])
      expect(store.dataset('production').docs.get('stale')).toMatchObject({ readCount: 9, readsLastDay: 4 })
      const counter = new ReadCounter(store, audience, { dataset: 'production', retentionMonths: 1, foldIntervalMs: 60_000, maxReaders: 10 })
      await counter.fold()
      const stale = store.dataset('production').docs.get('stale')!
      expect(stale.readCount).toBe(9)
      expect(stale.readsLastDay).toBeUndefined()
    } finally {
      audience.db.close()
      store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('are found without reading the archive while their keys are written again after an upgrade, and taken off once found', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'resonance-counter-'))
    const store = new Store(dir)
    const audience = new AudienceStore(dir)
    try {
      store.createDataset('production')
      await store.commit('production', [{ create: { _id: 'stale', _type: 'article', title: 'Read yesterday', readCount: 9, readsLastDay: 4 } }])
      // An upgrade's refill is writing the readsLastDay keys again (keyRefill.ts): they cannot be read yet.
      store.db.prepare("INSERT INTO document_keys_pending (dataset, family) VALUES ('production', 'readsLastDay')").run()
      const counter = new ReadCounter(store, audience, { dataset: 'production', retentionMonths: 1, foldIntervalMs: 60_000, maxReaders: 10, recentRetryMs: 10 })
      // A fold meanwhile does not wait for them (nor read every document to find them).
      await counter.fold()
      expect(store.dataset('production').docs.get('stale')).toMatchObject({ readCount: 9, readsLastDay: 4 })
      // The refill done: found at the next look, and taken off at the next fold, in the same hour.
      store.db.prepare('DELETE FROM document_keys_pending').run()
      await new Promise((resolve) => setTimeout(resolve, 100))
      await counter.fold()
      const stale = store.dataset('production').docs.get('stale')!
      expect(stale.readCount).toBe(9)
      expect(stale.readsLastDay).toBeUndefined()
      await counter.close()
    } finally {
      audience.db.close()
      store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
