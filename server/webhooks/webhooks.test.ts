// A hook's filter or projection that reads every document (`*`) is answered in a small dataset and
// fails, saying why, in a large one, rather than parse the whole archive for every change.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Store } from '../store/store.ts'
import { defaultWebhookSettings } from './settings.ts'
import type { Answer, Outgoing } from './send.ts'
import { Webhooks } from './webhooks.ts'

const closers: Array<() => unknown> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function paper(allDocumentsLimit: number) {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-hooks-'))
  const content = new Store(dir)
  const sent: Outgoing[] = []
  const webhooks = new Webhooks(content, {
    dataDir: dir,
    settings: { ...defaultWebhookSettings, retryBaseMs: 1, retryMaxMs: 4 },
    projectId: 'resonance',
    defaultDataset: 'production',
    allDocumentsLimit,
    send: async (outgoing): Promise<Answer> => {
      sent.push(outgoing)
      return { status: 200, headers: {}, error: null }
    },
  })
  closers.push(() => rmSync(dir, { recursive: true, force: true }), () => content.close(), () => webhooks.close())
  content.createDataset('production')
  await content.commit('production', ['a1', 'a2', 'a3'].map((id) => ({ createOrReplace: { _id: id, _type: 'author', name: id } })))
  webhooks.start()
  const hook = webhooks.store.createHook({ name: 'Desk', url: 'http://127.0.0.1:9/hook', dataset: 'production', filter: '_type == "article"', projection: '{"authors": count(*[_type == "author"])}', triggers: ['create'], includeDrafts: false, secret: 'shh' })
  await content.commit('production', [{ create: { _id: 'story', _type: 'article', title: 'Bridge reopens' } }])
  await webhooks.matched()
  return { delivery: webhooks.store.deliveries(hook.id, 1, 10).items[0], sent }
}

describe("a hook that reads every document", () => {
  it('is answered in a dataset within the limit', async () => {
    const { delivery } = await paper(4)
    expect(delivery?.lastError).toBeNull()
    expect(delivery?.status).not.toBe('failed')
  })

  it('fails, saying why, in a dataset past it, and sends nothing', async () => {
    const { delivery, sent } = await paper(3)
    expect(delivery?.status).toBe('failed')
    expect(delivery?.lastError).toBe(
      'The hook\'s filter or projection failed on this document: it reads every document (*), which a hook may do in a dataset of at most 3 documents; "production" holds 4',
    )
    expect(sent).toEqual([])
  })
})
