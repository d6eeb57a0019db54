// The feed machine's timings, apart from the machine so the homepage can show its polling interval
// without loading the statechart runtime before the page is on screen. The connection's own
// (polling, connecting, reconnecting) are the live blog's too: connectionSettings.ts.

import { defaultConnectionSettings, type ConnectionSettings } from './connectionSettings.ts'

export interface FeedSettings extends ConnectionSettings {
  /** Delay of the forced refetch after a lead or breaking change while live. */
  liveForceDelay: number
  /** Delay of the forced refetch after a lead or breaking change while polling. */
  pollForceDelay: number
  /** While polling, a lead or breaking change forces a refetch only this long after the last one. */
  changeWindow: number
}

export const defaultFeedSettings: FeedSettings = {
  ...defaultConnectionSettings,
  liveForceDelay: 100,
  pollForceDelay: 200,
  changeWindow: 5_000,
}
