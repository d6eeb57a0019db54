// The feed machine's timings, apart from the machine so the homepage can show its polling interval
// without loading the statechart runtime before the page is on screen.

export interface FeedSettings {
  /** Fallback polling interval (the spec states 10 s and 15 s; 10 s is used). */
  pollInterval: number
  /** Delay of the forced refetch after a lead or breaking change while live. */
  liveForceDelay: number
  /** Delay of the forced refetch after a lead or breaking change while polling. */
  pollForceDelay: number
  /** While polling, a lead or breaking change forces a refetch only this long after the last one. */
  changeWindow: number
  /** How long to wait for the live stream's welcome before falling back to polling. */
  connectTimeout: number
  /** First delay before trying live again from polling or offline; doubles per failure. */
  reconnectBase: number
  reconnectMax: number
}

export const defaultFeedSettings: FeedSettings = {
  pollInterval: 10_000,
  liveForceDelay: 100,
  pollForceDelay: 200,
  changeWindow: 5_000,
  connectTimeout: 5_000,
  reconnectBase: 5_000,
  reconnectMax: 60_000,
}
