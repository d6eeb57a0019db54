import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { keptPerHook, WebhookStore } from './store.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function open() {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-store-'))
  dirs.push(dir)
  return new WebhookStore(dir)
}

const newHook = { name: 'Cache', url: 'http://127.0.0.1:9/', dataset: 'production', filter: '', projection: null, triggers: ['create' as const], includeDrafts: false, secret: 'secret' }

describe('WebhookStore', () => {
  it('never shows a hook’s secret in its views, and counts what is waiting and failed', () => {
    const store = open()
    const hook = store.createHook(newHook)
    const base = { hookId: hook.id, dataset: 'production', operation: 'create' as const, transactionId: 't', transactionTime: 't', body: '{}' }
    store.enqueue([{ ...base, documentId: 'a' }, { ...base, documentId: 'b', failure: 'The filter failed' }])
    const [view] = store.views()
    expect(view).not.toHaveProperty('secret')
    expect(view).toMatchObject({ id: hook.id, pending: 1, failed: 1 })
    expect(store.deliveries(hook.id, 1, 25).items.map((d) => [d.documentId, d.status, d.lastError])).toEqual([
      ['b', 'failed', 'The filter failed'],
      ['a', 'pending', null],
    ])
    store.close()
  })

  // Five hundred durable commits take a few seconds on a busy disk.
  it('keeps each hook’s newest finished deliveries and every pending one', { timeout: 30_000 }, () => {
    const store = open()
    const hook = store.createHook(newHook)
    const base = { hookId: hook.id, dataset: 'production', operation: 'create' as const, transactionId: 't', transactionTime: 't', body: '{}' }
    const waiting = store.enqueue([{ ...base, documentId: 'still-waiting' }])[0]!
    const finished = store.enqueue(Array.from({ length: keptPerHook + 5 }, (_, i) => ({ ...base, documentId: `d${i}` })))
    for (const delivery of finished) store.recordAttempt(delivery.id, { startedAt: 'now', durationMs: 1, status: 200, error: null }, { status: 'delivered', retryAt: null })
    const kept = store.deliveries(hook.id, 1, 1000)
    expect(kept.total).toBe(keptPerHook + 1)
    expect(kept.items.some((d) => d.id === waiting.id)).toBe(true)
    expect(kept.items.some((d) => d.documentId === 'd0')).toBe(false)
    expect(kept.items.some((d) => d.documentId === `d${keptPerHook + 4}`)).toBe(true)
    expect(store.attempts(finished.at(-1)!.id)).toEqual([{ number: 1, startedAt: 'now', durationMs: 1, status: 200, error: null }])
    store.close()
  })
})
