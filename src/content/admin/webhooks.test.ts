import { describe, expect, it } from 'vitest'
import { validateWebhooksSearch } from './addresses.ts'
import { deliveriesSummary, emptyWebhookForm, logSummary, triggersText, webhookFormErrors, webhookInput } from './webhooks.ts'

describe('the webhook form', () => {
  it('asks for a URL, a trigger and a secret before it sends anything', () => {
    expect(webhookFormErrors(emptyWebhookForm)).toEqual({ url: 'Enter the URL to send changes to.', secret: 'Enter a secret: each delivery is signed with it.' })
    const values = { ...emptyWebhookForm, url: 'mailto:desk@example.com', secret: 's', triggers: { create: false, update: false, delete: false } }
    expect(webhookFormErrors(values)).toEqual({ url: 'The URL must start with http:// or https://.', triggers: 'Choose at least one of create, update and delete.' })
    expect(webhookFormErrors({ ...emptyWebhookForm, url: 'https://cache.example/purge', secret: 's' })).toEqual({})
  })

  it('hands the service trimmed text and the chosen triggers in order', () => {
    const values = { ...emptyWebhookForm, name: ' Purge ', url: ' http://127.0.0.1:6081/purge ', projection: ' {_id} ', triggers: { create: false, update: true, delete: true }, secret: ' s ' }
    expect(webhookInput(values, 'production')).toEqual({
      name: 'Purge',
      url: 'http://127.0.0.1:6081/purge',
      dataset: 'production',
      filter: '_type == "article"',
      projection: '{_id}',
      triggers: ['update', 'delete'],
      includeDrafts: false,
      secret: ' s ',
    })
  })
})

describe('wording', () => {
  it('says the triggers as a sentence', () => {
    expect(triggersText(['create', 'update', 'delete'])).toBe('Create, update and delete')
    expect(triggersText(['delete', 'create'])).toBe('Create and delete')
    expect(triggersText(['update'])).toBe('Update')
  })

  it('sums up what is waiting and what failed', () => {
    expect(deliveriesSummary({ pending: 0, failed: 0 })).toBe('No deliveries waiting or failed')
    expect(deliveriesSummary({ pending: 2, failed: 1 })).toBe('2 waiting, 1 failed')
  })

  it('says which deliveries a page of the log shows', () => {
    const webhook = { id: 'h', name: 'n', url: 'u', dataset: 'd', filter: '', projection: null, triggers: [], includeDrafts: false, enabled: true, createdAt: '', pending: 0, failed: 0 }
    expect(logSummary({ webhook, deliveries: [], page: 1, pageCount: 1, total: 0 })).toMatch(/^Nothing sent yet/)
    const delivery = { id: 'd', createdAt: '', documentId: 'a', operation: 'create' as const, transactionId: 't', status: 'delivered' as const, attempts: 1, lastStatus: 200, lastError: null, nextAttemptAt: null }
    expect(logSummary({ webhook, deliveries: [delivery, delivery], page: 2, pageCount: 2, total: 27 })).toBe('Showing 26–27 of 27 deliveries, newest first.')
  })
})

describe('validateWebhooksSearch', () => {
  it('keeps a hook id and a page past the first, and drops anything else', () => {
    expect(validateWebhooksSearch({ hook: 'abc-123', page: '3' })).toEqual({ hook: 'abc-123', page: 3 })
    expect(validateWebhooksSearch({ hook: 'abc', page: '1' })).toEqual({ hook: 'abc' })
    expect(validateWebhooksSearch({ hook: '<script>', page: 2 })).toEqual({})
    expect(validateWebhooksSearch({})).toEqual({})
  })
})
