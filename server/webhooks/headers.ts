// The headers of a delivery, as Sanity sends them: the signature, an idempotency key that stays the
// same across a delivery's attempts, and which transaction, operation, document, dataset and
// project it is about.

import { signatureFor, signatureHeader } from './signature.ts'
import type { Delivery, Hook } from './store.ts'

export const userAgent = 'Resonance webhook delivery'

export function deliveryHeaders(hook: Pick<Hook, 'id' | 'secret'>, delivery: Pick<Delivery, 'id' | 'body' | 'transactionId' | 'transactionTime' | 'operation' | 'documentId' | 'dataset'>, projectId: string, signedAt: number): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': userAgent,
    [signatureHeader]: signatureFor(delivery.body, hook.secret, signedAt),
    'idempotency-key': delivery.id,
    'sanity-transaction-id': delivery.transactionId,
    'sanity-transaction-time': delivery.transactionTime,
    'sanity-operation': delivery.operation,
    'sanity-document-id': delivery.documentId,
    'sanity-dataset': delivery.dataset,
    'sanity-project-id': projectId,
    'sanity-webhook-id': hook.id,
  }
}
