// Events are serialised once per set of options and shared: each listener must still get exactly
// the fields its own options ask for.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ListenerHub, type ListenOptions } from './listeners.ts'
import { QueryPool } from '../query/pool.ts'
import { Store } from '../store/store.ts'

const cleanup: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const done of cleanup.splice(0)) await done()
})

function open() {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-listeners-'))
  const store = new Store(dir)
  store.createDataset('production')
  const pool = new QueryPool({ dataDir: dir, size: 1, queueLimit: 10, heapMb: null, contendedTimeoutMs: 500, queueWaitMs: 10_000 })
  cleanup.push(async () => {
    await pool.close()
    store.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return { store, hub: new ListenerHub(store, pool) }
}

const base: ListenOptions = {
  includeResult: true,
  includePreviousRevision: false,
  includeMutations: true,
  publishedOnly: true,
  anonymous: true,
  visibility: 'query',
}

describe('ListenerHub', () => {
  it('sends each listener the event shaped by its own options', async () => {
    const { store, hub } = open()
    await store.commit('production', [{ create: { _id: 'p1', _type: 'post', title: 'Before' } }])
    const query = '*[_type == "post"]'
    const received: Record<string, Array<{ event: string; id: string | null; data: Record<string, unknown> }>> = {}
    const listen = (name: string, options: ListenOptions) => {
      received[name] = []
      hub.add({ dataset: 'production', options, send: (event, id, json) => received[name]!.push({ event, id, data: JSON.parse(json) as Record<string, unknown> }), close: () => {} }, query, {})
    }
    listen('a', base)
    listen('b', base)
    listen('lean', { ...base, includeResult: false, includeMutations: false, includePreviousRevision: true, visibility: 'transaction' })
    listen('drafts', { ...base, publishedOnly: false, anonymous: false })

    const mutations = [{ patch: { id: 'p1', set: { title: 'After' } } }, { create: { _id: 'drafts.p2', _type: 'post', title: 'Draft' } }]
    const tx = await store.commit('production', mutations, { identity: 'editor' })
    // The events come once the pool's worker thread has started and checked the filter: on a busy
    // machine that takes seconds, so wait for them rather than for vitest's default second.
    await vi.waitFor(() => expect(received.drafts).toHaveLength(2), { timeout: 20_000 })

    for (const name of ['a', 'b']) {
      expect(received[name]).toHaveLength(1)
      const { event, id, data } = received[name]![0]!
      expect(event).toBe('mutation')
      expect(id).toBe(`${tx.id}#p1`)
      expect(data).toMatchObject({ documentId: 'p1', transition: 'update', identity: 'editor', visibility: 'query', transactionTotalEvents: 2, transactionCurrentEvent: 0 })
      expect(data.result).toMatchObject({ _id: 'p1', title: 'After' })
      // Only the mutation that wrote this document: the draft's creation is not the reader's to see.
      expect(data.mutations).toEqual([mutations[0]])
      expect(data).not.toHaveProperty('previous')
    }
    const lean = received.lean![0]!.data
    expect(lean).toMatchObject({ documentId: 'p1', visibility: 'transaction' })
    expect(lean).not.toHaveProperty('result')
    expect(lean).not.toHaveProperty('mutations')
    expect(lean.previous).toMatchObject({ _id: 'p1', title: 'Before' })
    // Only the listener allowed drafts hears of one.
    expect(received.drafts!.map((e) => e.data.documentId)).toEqual(['p1', 'drafts.p2'])
    expect(received.drafts![1]!.data).toMatchObject({ transition: 'appear', transactionCurrentEvent: 1, result: { _id: 'drafts.p2' }, mutations: [mutations[1]] })
  })
})
