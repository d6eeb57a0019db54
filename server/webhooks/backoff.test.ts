import { describe, expect, it } from 'vitest'
import { isRetryable, retryAfterMs, retryDelay } from './backoff.ts'
import { defaultWebhookSettings, webhookSettings } from './settings.ts'

describe('retryDelay', () => {
  const backoff = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 }

  it('doubles from the first wait up to the ceiling', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelay(n, backoff, 0.5))
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000])
  })

  it('spreads retries a fifth either way, never past the ceiling', () => {
    expect(retryDelay(1, backoff, 0)).toBe(24_000)
    expect(retryDelay(1, backoff, 0.999999)).toBe(36_000)
    expect(retryDelay(9, backoff, 0.999999)).toBe(3_600_000)
  })

  it('spends the default ten attempts over a few hours', () => {
    const s = defaultWebhookSettings
    let total = 0
    for (let failures = 1; failures < s.maxAttempts; failures++) total += retryDelay(failures, s, 0.5)
    expect(total / 3_600_000).toBeGreaterThan(2)
    expect(total / 3_600_000).toBeLessThan(6)
  })

  it('waits as long as the receiver asks, up to the ceiling', () => {
    expect(retryDelay(1, backoff, 0.5, 120_000)).toBe(120_000)
    expect(retryDelay(1, backoff, 0.5, 10_000)).toBe(30_000)
    expect(retryDelay(1, backoff, 0.5, 86_400_000)).toBe(3_600_000)
  })
})

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-24T09:00:00Z')
    expect(retryAfterMs('120', now)).toBe(120_000)
    expect(retryAfterMs('Tue, 24 Nov 2026 09:01:00 GMT', now)).toBe(60_000)
    expect(retryAfterMs(undefined, now)).toBeNull()
    expect(retryAfterMs('soon', now)).toBeNull()
  })
})

describe('isRetryable', () => {
  it('tries again after no answer, 408, 429 and 5xx, not after other refusals', () => {
    expect([null, 408, 429, 500, 503].map(isRetryable)).toEqual([true, true, true, true, true])
    expect([301, 400, 401, 404, 410].map(isRetryable)).toEqual([false, false, false, false, false])
  })
})

describe('webhookSettings', () => {
  it('reads the environment and refuses nonsense', () => {
    expect(webhookSettings({})).toEqual(defaultWebhookSettings)
    expect(webhookSettings({ WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_CONCURRENCY: '2' })).toMatchObject({ retryBaseMs: 50, concurrency: 2 })
    expect(webhookSettings({ WEBHOOK_TIMEOUT_MS: '600000' }).timeoutMs).toBe(60_000)
    expect(() => webhookSettings({ WEBHOOK_MAX_ATTEMPTS: '0' })).toThrow('WEBHOOK_MAX_ATTEMPTS must be a whole number above 0, got "0"')
  })
})
