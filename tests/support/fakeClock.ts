// A clock a test moves by hand: timers fire, in order, as time passes them, so schedules and
// retention rules are tested across days and clock changes without touching the real clock.

import type { Clock } from '../../server/newsletters/scheduler.ts'

export class FakeClock implements Clock {
  private timers: Array<{ at: number; run: () => void; id: number }> = []
  private ids = 0
  constructor(private time: number) {}
  now = () => this.time
  setTimeout = (run: () => void, ms: number) => {
    const id = ++this.ids
    this.timers.push({ at: this.time + ms, run, id })
    return id
  }
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((timer) => timer.id !== handle)
  }
  /** Moves to `until`, firing each timer due on the way at its own time and awaiting `settle` (the work it started) after each. */
  async advanceTo(until: number, settle: () => Promise<unknown> = async () => {}): Promise<void> {
    for (;;) {
      const next = this.timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0]
      if (!next) break
      this.timers = this.timers.filter((timer) => timer !== next)
      this.time = Math.max(this.time, next.at)
      next.run()
      await settle()
    }
    this.time = until
  }
}
