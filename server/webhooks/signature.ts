// Sanity's webhook signature: `sanity-webhook-signature: t=<unix ms>,v1=<signature>`, where the
// signature is HMAC-SHA256 over `<unix ms>.<body>` keyed with the hook's secret, in unpadded
// base64url. Receivers check it with @sanity/webhook's isValidSignature.

import { createHmac } from 'node:crypto'

export const signatureHeader = 'sanity-webhook-signature'

export function signatureFor(body: string, secret: string, timestampMs: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampMs}.${body}`).digest('base64url')
  return `t=${timestampMs},v1=${digest}`
}
