// The video player hydrates on its own when it nears the screen, to offer the file to download where
// the browser cannot play it; until then, and without JavaScript, the browser's own player works.
import { island } from '../../islands/island.tsx'
import { VideoPlayer as VideoPlayerView } from './VideoPlayer.tsx'

export const VideoPlayer = island('VideoPlayer', VideoPlayerView, { defer: 'visible' })
