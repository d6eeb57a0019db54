// When editions go out: the Morning Briefing at its time on London's clock every day, and editors'
// editions at the time they were scheduled for. The clock is injected, so tests move time across a
// clock change without touching the real one.

import { londonDay, nextLondonTime, sameDayAt } from './clock.ts'

export interface Clock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms)
    timer.unref()
    return timer
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

export interface ScheduledJobs {
  /** Editors' editions waiting for their time. */
  scheduled(): Array<{ id: string; at: number }>
  /** Whether the Morning Briefing of a London day has already been made (sent, kept or skipped). */
  morningMadeOn(day: string): boolean
  runMorning(at: number): Promise<void>
  runScheduled(id: string): Promise<void>
}

/** A started service sends a morning it missed (it was down at 07:00) only within this long after. */
export const morningCatchUpMs = 3 * 3_600_000
/** Timers are re-armed at least this often, so a wall-clock jump (or a very long wait) is noticed. */
const longestWaitMs = 3_600_000

export class EditionScheduler {
  private timer: unknown = null
  private morningAt = 0
  private stopped = false
  /** The run in progress, for tests and for a clean stop. */
  running: Promise<void> = Promise.resolve()

  constructor(
    private readonly clock: Clock,
    private readonly time: { hour: number; minute: number },
    private readonly jobs: ScheduledJobs,
    private readonly log: (message: string) => void = () => {},
  ) {}

  start(): void {
    const now = this.clock.now()
    const today = sameDayAt(now, this.time)
    this.morningAt = now >= today && now < today + morningCatchUpMs && !this.jobs.morningMadeOn(londonDay(now)) ? today : nextLondonTime(now, this.time)
    this.arm()
  }

  /** When the next Morning Briefing is due. */
  get nextMorningAt(): number {
    return this.morningAt
  }

  /** Looks again at what is due (an edition was scheduled, moved or cancelled). */
  arm(): void {
    if (this.stopped) return
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    const now = this.clock.now()
    const next = Math.min(this.morningAt, ...this.jobs.scheduled().map((job) => job.at))
    this.timer = this.clock.setTimeout(() => {
      this.timer = null
      this.running = this.tick()
    }, Math.max(0, Math.min(next - now, longestWaitMs)))
  }

  private async tick(): Promise<void> {
    const now = this.clock.now()
    for (const job of this.jobs.scheduled()) {
      if (job.at > now) continue
      await this.jobs.runScheduled(job.id).catch((error: unknown) => this.log(`Newsletters: a scheduled edition could not be sent: ${String(error)}`))
    }
    if (now >= this.morningAt) {
      const due = this.morningAt
      this.morningAt = nextLondonTime(now, this.time)
      await this.jobs.runMorning(due).catch((error: unknown) => this.log(`Newsletters: the Morning Briefing could not be made: ${String(error)}`))
    }
    this.arm()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    await this.running
  }
}
