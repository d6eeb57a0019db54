import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { HomePage } from '../components/home/HomePage.tsx'
import { LoadingSpinner } from '../components/ui/LoadingSpinner.tsx'
import { liveBlogsInSlots, loadHomepage } from '../content/homepage/rules.ts'
import { liveBlogNewestKey } from '../../shared/cacheKeys.ts'
import { homepageHead } from '../content/meta/cards.ts'
import { defaultFeedSettings } from '../machines/feedSettings.ts'
import { useNow } from './-clock.tsx'
import type { FeedView, RunningFeed } from './-liveFeed.ts'

export const Route = createFileRoute('/')({
  // The first view: rendered on the server, or fetched on the way here. A failure is not the
  // route's error: the page opens with its spinner and the live feed keeps trying (polling, then
  // offline with retries), as it would after any later failure.
  loader: async ({ context }) => {
    try {
      const homepage = await loadHomepage((query, params, options) => context.content.fetch(query, params, options))
      // A live blog in a slot shows its newest updates: the edge purges this page when one is posted.
      context.fileUnder?.(liveBlogsInSlots(homepage.sections).map((blog) => liveBlogNewestKey(blog._id)))
      return homepage
    } catch {
      return null
    }
  },
  // After the loader: written before it, this function's parameter would stop TypeScript inferring the loader's data.
  head: ({ match }) => homepageHead(match.context.origin),
  // Revisiting the homepage shows the last copy at once; the feed brings it up to date.
  staleTime: Infinity,
  // Coming from another page, the spinner shows until the first fetch (the spec's), as it does
  // in the page itself when that fetch failed and the feed is trying again.
  pendingComponent: () => <LoadingSpinner label="Loading the latest news" />,
  component: Home,
})

/** Runs a callback when the browser is idle after the page has rendered. */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 1000 })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(callback, 1)
  return () => clearTimeout(handle)
}

function Home() {
  const first = Route.useLoaderData()
  const [view, setView] = useState<FeedView>({ homepage: first, status: 'connecting' })
  const feed = useRef<RunningFeed | null>(null)
  const now = useNow()
  useEffect(() => {
    let running: RunningFeed | null = null
    let stopped = false
    const cancel = whenIdle(() => {
      void import('./-liveFeed.ts').then(({ startLiveFeed }) => {
        if (stopped) return
        running = startLiveFeed(first, setView)
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
