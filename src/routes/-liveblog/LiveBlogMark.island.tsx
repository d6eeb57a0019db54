// The LIVE mark above an open live blog's headline, an island of its own: it turns into "This live
// blog has ended" when the updates' island hears that the blog ended (./ended.ts).
import { useSyncExternalStore } from 'react'
import { LiveBlogStatus } from '../../components/liveblog/LiveBlogStatus.tsx'
import { island } from '../../islands/island.tsx'
import { endedAt, subscribeEnded } from './ended.ts'

function LiveBlogMarkView() {
  const ended = useSyncExternalStore(subscribeEnded, endedAt, () => null)
  return <LiveBlogStatus endedAt={ended} />
}

export const LiveBlogMark = island('LiveBlogMark', LiveBlogMarkView, { defer: 'idle' })
