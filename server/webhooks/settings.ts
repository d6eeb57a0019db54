// The webhook delivery settings, from the environment (README: Webhooks). Read with the rest of the
// configuration by `server/config.ts`.

export interface WebhookSettings {
  /** Deliveries in flight at once, across every hook. */
  concurrency: number
  /** Attempts per delivery, the first included, before it is given up as failed. */
  maxAttempts: number
  /** The wait after the first failed attempt; each further failure doubles it. */
  retryBaseMs: number
  /** The longest wait between two attempts. */
  retryMaxMs: number
  /** Time one request may take, from connecting to the last byte read. */
  timeoutMs: number
}

export const defaultWebhookSettings: WebhookSettings = {
  concurrency: 4,
  maxAttempts: 10,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  timeoutMs: 10_000,
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, got "${raw}"`)
  return value
}

export function webhookSettings(env: NodeJS.ProcessEnv = process.env): WebhookSettings {
  const d = defaultWebhookSettings
  const retryBaseMs = positive(env, 'WEBHOOK_RETRY_BASE_MS', d.retryBaseMs)
  return {
    concurrency: positive(env, 'WEBHOOK_CONCURRENCY', d.concurrency),
    maxAttempts: positive(env, 'WEBHOOK_MAX_ATTEMPTS', d.maxAttempts),
    retryBaseMs,
    retryMaxMs: Math.max(retryBaseMs, positive(env, 'WEBHOOK_RETRY_MAX_MS', d.retryMaxMs)),
    // A receiver that takes longer than a minute is never waited for, whatever the setting says.
    timeoutMs: Math.min(60_000, positive(env, 'WEBHOOK_TIMEOUT_MS', d.timeoutMs)),
  }
}
