// The live blog machine's timings, apart from the machine so a page can show its polling interval
// without loading the statechart runtime. The homepage feed's numbers (feedSettings.ts): an open
// live blog falls back and recovers as an open homepage does.

import { defaultFeedSettings } from './feedSettings.ts'

export interface LiveBlogSettings {
  /** Fallback polling interval while the listen stream is unavailable. */
  pollInterval: number
  /** How long to wait for the listen stream's welcome before falling back to polling. */
  connectTimeout: number
  /** First delay before trying the stream again from polling or offline; doubles per failure. */
  reconnectBase: number
  reconnectMax: number
}

export const defaultLiveBlogSettings: LiveBlogSettings = {
  pollInterval: defaultFeedSettings.pollInterval,
  connectTimeout: defaultFeedSettings.connectTimeout,
  reconnectBase: defaultFeedSettings.reconnectBase,
  reconnectMax: defaultFeedSettings.reconnectMax,
}
