// Webhooks and delivery logs for the Webhooks page's stories and tests.

import type { WebhookLogPage } from '../../content/admin/webhooks.ts'
import type { DeliveryView, WebhookView } from '../../../shared/webhooks.ts'

export const purgeHook: WebhookView = {
  id: 'b5d1c0de-0000-4000-8000-000000000001',
  name: 'Purge the edge cache',
  url: 'http://127.0.0.1:6081/purge',
  dataset: 'production',
  filter: '_type == "article"',
  projection: '{_id, "slug": slug.current}',
  triggers: ['create', 'update', 'delete'],
  includeDrafts: false,
  enabled: true,
  createdAt: '2026-11-20T09:15:00.000Z',
  pending: 0,
  failed: 0,
}

export const searchHook: WebhookView = {
  id: 'b5d1c0de-0000-4000-8000-000000000002',
  name: 'search.example.net',
  url: 'https://search.example.net/indexes/articles/documents?source=resonance&region=london-and-the-south-east-of-england',
  dataset: 'production',
  filter: '',
  projection: null,
  triggers: ['update', 'delete'],
  includeDrafts: true,
  enabled: false,
  createdAt: '2026-11-21T16:40:00.000Z',
  pending: 2,
  failed: 1,
}

export const hooks: WebhookView[] = [purgeHook, searchHook]

export const deliveries: DeliveryView[] = [
  {
    id: 'd-3',
    createdAt: '2026-11-24T08:02:00.000Z',
    documentId: 'article-budget-2026',
    operation: 'update',
    transactionId: 'tx3',
    status: 'pending',
    attempts: 2,
    lastStatus: 503,
    lastError: 'The receiver answered 503: Service Unavailable',
    nextAttemptAt: '2026-11-24T08:04:00.000Z',
  },
  {
    id: 'd-2',
    createdAt: '2026-11-24T07:30:00.000Z',
    documentId: 'article-floods-kent',
    operation: 'delete',
    transactionId: 'tx2',
    status: 'failed',
    attempts: 10,
    lastStatus: null,
    lastError: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:6081 (gave up after 10 attempts)',
    nextAttemptAt: null,
  },
  {
    id: 'd-1',
    createdAt: '2026-11-24T07:00:00.000Z',
    documentId: 'article-budget-2026',
    operation: 'create',
    transactionId: 'tx1',
    status: 'delivered',
    attempts: 1,
    lastStatus: 200,
    lastError: null,
    nextAttemptAt: null,
  },
]

export const logPage: WebhookLogPage = { webhook: purgeHook, deliveries, page: 1, pageCount: 1, total: 3 }
