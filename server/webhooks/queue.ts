// The delivery queue: sends due deliveries, at most `concurrency` at once, records every attempt,
// and schedules a failed one again with backoff until it succeeds or runs out of attempts. Its state
// is the database, so after a restart it simply goes on: a delivery that was being sent when the
// service stopped is sent again (receivers tell repeats apart by the idempotency key).

import { isRetryable, retryAfterMs, retryDelay } from './backoff.ts'
import { deliveryHeaders } from './headers.ts'
import { sendOnce, type Sender } from './send.ts'
import type { WebhookSettings } from './settings.ts'
import type { Delivery, WebhookStore } from './store.ts'

export interface QueueOptions {
  projectId: string
  send?: Sender
  now?: () => number
  random?: () => number
  log?: (line: string) => void
}

// setTimeout's longest wait; a later retry is simply checked for again then.
const maxTimer = 2 ** 31 - 1

export class DeliveryQueue {
  private readonly inFlight = new Map<string, Promise<void>>()
  private timer: NodeJS.Timeout | null = null
  private closed = false
  private readonly send: Sender
  private readonly now: () => number
  private readonly random: () => number
  private readonly idleWaiters = new Set<() => void>()
  private readonly stopping = new AbortController()

  constructor(
    private readonly store: WebhookStore,
    private readonly settings: WebhookSettings,
    private readonly options: QueueOptions,
  ) {
    this.send = options.send ?? sendOnce
    this.now = options.now ?? Date.now
    this.random = options.random ?? Math.random
  }

  /** Starts whatever is due and waits for the next one; called after each enqueue and each attempt. */
  pump(): void {
    if (this.closed) return
    const free = this.settings.concurrency - this.inFlight.size
    if (free > 0) {
      for (const delivery of this.store.due(this.now(), free, new Set(this.inFlight.keys()))) this.begin(delivery)
    }
    this.schedule()
    this.notifyIdle()
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (this.inFlight.size >= this.settings.concurrency) return
    const next = this.store.nextDue(new Set(this.inFlight.keys()))
    if (next === null) return
    this.timer = setTimeout(() => this.pump(), Math.min(maxTimer, Math.max(0, next - this.now())))
    // A wait for a retry keeps nothing alive: the queue resumes from the database on the next start.
    this.timer.unref()
  }

  private begin(delivery: Delivery): void {
    const running = this.attempt(delivery)
      .catch((error: unknown) => this.options.log?.(`Webhook delivery ${delivery.id} could not be recorded: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.inFlight.delete(delivery.id)
        this.pump()
      })
    this.inFlight.set(delivery.id, running)
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const hook = this.store.hook(delivery.hookId)
    if (!hook) return
    const started = this.now()
    const answer = await this.send({ url: hook.url, headers: deliveryHeaders(hook, delivery, this.options.projectId, Date.now()), body: delivery.body }, this.settings.timeoutMs, this.stopping.signal)
    // Cut short by close(): not an attempt the receiver saw through, so it is made again after the restart.
    if (this.closed && answer.status === null) return
    const finished = this.now()
    const attempts = delivery.attempts + 1
    const attempt = { startedAt: new Date(started).toISOString(), durationMs: finished - started, status: answer.status, error: answer.error }
    if (answer.error === null) {
      this.store.recordAttempt(delivery.id, attempt, { status: 'delivered', retryAt: null })
      return
    }
    if (!isRetryable(answer.status) || attempts >= this.settings.maxAttempts) {
      const why = isRetryable(answer.status) ? `${answer.error} (gave up after ${attempts} attempts)` : answer.error
      this.store.recordAttempt(delivery.id, { ...attempt, error: why }, { status: 'failed', retryAt: null })
      return
    }
    const retryAfterHeader = answer.headers['retry-after']
    const wait = retryDelay(attempts, this.settings, this.random(), retryAfterMs(Array.isArray(retryAfterHeader) ? retryAfterHeader[0] : retryAfterHeader, finished))
    this.store.recordAttempt(delivery.id, attempt, { status: 'pending', retryAt: finished + wait })
  }

  private notifyIdle(): void {
    if (this.idleWaiters.size === 0 || !this.isIdle()) return
    for (const resolve of this.idleWaiters) resolve()
    this.idleWaiters.clear()
  }

  private isIdle(): boolean {
    if (this.inFlight.size > 0) return false
    const next = this.store.nextDue(new Set())
    return next === null || next > this.now()
  }

  /** Resolves when nothing is being sent and nothing is due now (a retry may still be waiting). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.add(resolve))
  }

  /** Stops taking deliveries and waits for the ones being sent; what is left waits for the next start. */
  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    this.stopping.abort()
    await Promise.allSettled(this.inFlight.values())
    for (const resolve of this.idleWaiters) resolve()
    this.idleWaiters.clear()
  }
}
