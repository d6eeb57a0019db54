// The live blog machine's timings, apart from the machine so a page can show its polling interval
// without loading the statechart runtime. They are the connection's (connectionSettings.ts): an
// open live blog falls back and recovers as an open homepage does.

import { defaultConnectionSettings, type ConnectionSettings } from './connectionSettings.ts'

export type LiveBlogSettings = ConnectionSettings

export const defaultLiveBlogSettings: LiveBlogSettings = defaultConnectionSettings
