// The homepage's live feed (docs/decisions/031-islands.md): the front page the server rendered,
// hydrated on its own once the browser is idle after the load event, which then starts the feed
// machine (src/routes/-liveFeed.ts: xstate and @sanity/client, imported only then) from the homepage
// on screen, with every state and timing the spec gives. Its relative times tick on the reader's
// clock from the time the page was rendered at.

import { useEffect, useRef, useState } from 'react'
import { HomePage } from '../components/home/HomePage.tsx'
import type { Homepage } from '../content/homepage/rules.ts'
import { defaultFeedSettings } from '../machines/feedSettings.ts'
import { ClockProvider, useNow } from '../routes/-clock.tsx'
import type { FeedView, RunningFeed } from '../routes/-liveFeed.ts'
import { importInTurn, whenIdle } from './idle.ts'
import { island } from './island.tsx'

export interface LiveHomeProps {
  /** The homepage the page was rendered with; null when its first fetch failed (the feed fetches again once it is live). */
  homepage: Homepage | null
  /** When the page was rendered (ISO), the clock's first reading, so hydration matches the HTML. */
  renderedAt: string
}

function LiveFront({ homepage }: { homepage: Homepage | null }) {
  const [view, setView] = useState<FeedView>({ homepage, status: 'connecting' })
  const feed = useRef<RunningFeed | null>(null)
  const now = useNow()
  useEffect(() => {
    let running: RunningFeed | null = null
    let stopped = false
    const cancel = whenIdle(() => {
      // The feed's libraries are most of its code: each runs in a task of its own (idle.ts).
      void importInTurn([() => import('xstate'), () => import('@sanity/client')], () => import('../routes/-liveFeed.ts')).then(({ startLiveFeed }) => {
        if (stopped) return
        running = startLiveFeed(homepage, setView)
        feed.current = running
      })
    })
    return () => {
      stopped = true
      cancel()
      running?.stop()
      feed.current = null
    }
    // The feed starts once per visit, from the homepage the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <HomePage homepage={view.homepage} status={view.status} pollSeconds={defaultFeedSettings.pollInterval / 1000} onRetry={() => feed.current?.retry()} now={now} />
  )
}

function LiveHomeView({ homepage, renderedAt }: LiveHomeProps) {
  return (
    <ClockProvider startedAt={new Date(renderedAt)}>
      <LiveFront homepage={homepage} />
    </ClockProvider>
  )
}

export const LiveHome = island('LiveHome', LiveHomeView, { defer: 'idle' })
