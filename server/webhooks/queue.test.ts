import { isValidSignature } from '@sanity/webhook'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeliveryQueue } from './queue.ts'
import type { Answer, Outgoing, Sender } from './send.ts'
import { defaultWebhookSettings, type WebhookSettings } from './settings.ts'
import { WebhookStore, type NewDelivery } from './store.ts'

const dirs: string[] = []
const open: Array<{ close(): unknown }> = []

afterEach(async () => {
  for (const item of open.splice(0)) await item.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function setup(answers: Array<number | null>, settings: Partial<WebhookSettings> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'webhooks-'))
  dirs.push(dir)
  const store = new WebhookStore(dir)
  const sent: Outgoing[] = []
  const send: Sender = async (outgoing) => {
    sent.push(outgoing)
    const status = answers.length > 1 ? answers.shift()! : answers[0]!
    const answer: Answer = { status, headers: {}, error: status !== null && status >= 200 && status < 300 ? null : status === null ? 'ECONNREFUSED: connect ECONNREFUSED' : `The receiver answered ${status}` }
    return answer
  }
  const all = { ...defaultWebhookSettings, retryBaseMs: 1, retryMaxMs: 4, ...settings }
  const queue = new DeliveryQueue(store, all, { projectId: 'resonance', send })
  open.push(queue, store)
  const hook = store.createHook({ name: 'Cache', url: 'http://127.0.0.1:9/purge', dataset: 'production', filter: '', projection: null, triggers: ['create', 'update', 'delete'], includeDrafts: false, secret: 'shh' })
  const delivery = (documentId = 'a1'): NewDelivery => ({ hookId: hook.id, dataset: 'production', documentId, operation: 'update', transactionId: 'tx1', transactionTime: '2026-11-24T09:00:00.000Z', body: JSON.stringify({ _id: documentId }) })
  return { store, queue, sent, hook, delivery, dir }
}

const settledStatus = (store: WebhookStore, id: string) => vi.waitFor(() => {
  const status = store.delivery(id)!.status
  if (status === 'pending') throw new Error('still pending')
  return status
})

describe('DeliveryQueue', () => {
  it('sends a delivery with Sanity’s headers and a signature @sanity/webhook accepts', async () => {
    const { store, queue, sent, hook, delivery } = setup([200])
    const [queued] = store.enqueue([delivery()])
    queue.pump()
    expect(await settledStatus(store, queued!.id)).toBe('delivered')
    expect(sent).toHaveLength(1)
    const { headers, body, url } = sent[0]!
    expect(url).toBe('http://127.0.0.1:9/purge')
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'idempotency-key': queued!.id,
      'sanity-transaction-id': 'tx1',
      'sanity-transaction-time': '2026-11-24T09:00:00.000Z',
      'sanity-operation': 'update',
      'sanity-document-id': 'a1',
      'sanity-dataset': 'production',
      'sanity-project-id': 'resonance',
      'sanity-webhook-id': hook.id,
    })
    expect(await isValidSignature(body, headers['sanity-webhook-signature']!, 'shh')).toBe(true)
    expect(store.attempts(queued!.id)).toMatchObject([{ number: 1, status: 200, error: null }])
  })

  it('tries again after 500s and no answer, with the same idempotency key, until it is delivered', async () => {
    const { store, queue, sent, delivery } = setup([500, null, 503, 204])
    const [queued] = store.enqueue([delivery()])
    queue.pump()
    expect(await settledStatus(store, queued!.id)).toBe('delivered')
    expect(sent.map((s) => s.headers['idempotency-key'])).toEqual([queued!.id, queued!.id, queued!.id, queued!.id])
    expect(store.attempts(queued!.id).map((a) => a.status)).toEqual([500, null, 503, 204])
    expect(store.delivery(queued!.id)).toMatchObject({ attempts: 4, lastStatus: 204, lastError: null, nextAttemptAt: null })
  })

  it('gives up after the last attempt and says why', async () => {
    const { store, queue, delivery } = setup([500], { maxAttempts: 3 })
    const [queued] = store.enqueue([delivery()])
    queue.pump()
    expect(await settledStatus(store, queued!.id)).toBe('failed')
    expect(store.delivery(queued!.id)).toMatchObject({ attempts: 3, lastStatus: 500, lastError: 'The receiver answered 500 (gave up after 3 attempts)' })
  })

  it('fails at once when the receiver refuses with a 4xx', async () => {
    const { store, queue, delivery } = setup([404])
    const [queued] = store.enqueue([delivery()])
    queue.pump()
    expect(await settledStatus(store, queued!.id)).toBe('failed')
    expect(store.delivery(queued!.id)).toMatchObject({ attempts: 1, lastStatus: 404, lastError: 'The receiver answered 404' })
  })

  it('sends at most its concurrency at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'webhooks-'))
    dirs.push(dir)
    const store = new WebhookStore(dir)
    let running = 0
    let most = 0
    const release: Array<() => void> = []
    const send: Sender = async () => {
      running++
      most = Math.max(most, running)
      await new Promise<void>((resolve) => release.push(resolve))
      running--
      return { status: 200, headers: {}, error: null }
    }
    const queue = new DeliveryQueue(store, { ...defaultWebhookSettings, concurrency: 2 }, { projectId: 'resonance', send })
    open.push(queue, store)
    const hook = store.createHook({ name: 'x', url: 'http://127.0.0.1:9/', dataset: 'production', filter: '', projection: null, triggers: ['create'], includeDrafts: false, secret: 's' })
    const queued = store.enqueue([1, 2, 3, 4, 5].map((n) => ({ hookId: hook.id, dataset: 'production', documentId: `d${n}`, operation: 'create' as const, transactionId: 't', transactionTime: 't', body: '{}' })))
    queue.pump()
    while (queued.some((d) => store.delivery(d.id)!.status === 'pending')) {
      await vi.waitFor(() => expect(release.length).toBeGreaterThan(0))
      release.shift()!()
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(most).toBe(2)
  })

  it('goes on after a restart with what was waiting', async () => {
    const { store, delivery, dir } = setup([200])
    const [queued] = store.enqueue([delivery()])
    store.close()
    open.splice(open.indexOf(store), 1)
    const reopened = new WebhookStore(dir)
    const sent: string[] = []
    const queue = new DeliveryQueue(reopened, defaultWebhookSettings, { projectId: 'resonance', send: async (o) => (sent.push(o.headers['idempotency-key']!), { status: 200, headers: {}, error: null }) })
    open.push(queue, reopened)
    queue.pump()
    expect(await settledStatus(reopened, queued!.id)).toBe('delivered')
    expect(sent).toEqual([queued!.id])
  })

  it('drops a deleted hook’s waiting deliveries and log', async () => {
    const { store, hook, delivery } = setup([200])
    const [queued] = store.enqueue([delivery()])
    expect(store.deleteHook(hook.id)).toBe(true)
    expect(store.delivery(queued!.id)).toBeNull()
    expect(store.enqueue([delivery()])).toEqual([])
  })
})
