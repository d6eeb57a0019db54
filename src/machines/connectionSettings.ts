// What the homepage feed (feedMachine.ts) and an open live blog (liveBlogMachine.ts) share of their
// connection: how long the listen stream may take to welcome them before they poll, how often they
// poll, and how long they wait before trying the stream again, growing with each failure. Apart
// from the machines, so a page can show its polling interval without loading the statechart runtime.

export interface ConnectionSettings {
  /** Fallback polling interval while the listen stream is unavailable (the spec states 10 s and 15 s; 10 s is used). */
  pollInterval: number
  /** How long to wait for the listen stream's welcome before falling back to polling. */
  connectTimeout: number
  /** First delay before trying the stream again from polling or offline; doubles per failure. */
  reconnectBase: number
  reconnectMax: number
}

export const defaultConnectionSettings: ConnectionSettings = {
  pollInterval: 10_000,
  connectTimeout: 5_000,
  reconnectBase: 5_000,
  reconnectMax: 60_000,
}

/** How long to wait before trying the stream again after `failures` failed attempts in a row. */
export function reconnectDelay(settings: ConnectionSettings, failures: number): number {
  return Math.min(settings.reconnectBase * 2 ** Math.max(0, failures - 1), settings.reconnectMax)
}
