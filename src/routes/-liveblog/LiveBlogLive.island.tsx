// An open live blog's first page, kept live (issue 24): an island (decision 031) that hydrates when
// the browser is idle, then runs the live blog machine with its real effects (./liveBlogLive.ts).
// Until then, and without JavaScript, it is the server's page of updates.

import { useEffect, useState } from 'react'
import type { LiveBlogPage } from '../../content/liveblog/liveBlog.ts'
import { LiveBlogBody, type LiveBlogLiveProps } from '../../components/liveblog/LiveBlog.tsx'
import { latestUpdatesHeadingId } from '../../components/liveblog/LiveBlogUpdates.tsx'
import { island } from '../../islands/island.tsx'
import { defaultLiveBlogSettings } from '../../machines/liveBlogSettings.ts'
import { markEnded } from './ended.ts'
import { startLiveBlog, type LiveBlogView } from './liveBlogLive.ts'

export interface LiveBlogLiveViewProps {
  /** The blog's document id, title and slug. */
  blog: string
  title: string
  slug: string
  /** The first page as the server rendered it. */
  page: LiveBlogPage
  /** When the server rendered it (ISO): the first render's clock, so hydration matches. */
  now: string
  origin: string
}

function LiveBlogLiveView({ blog, title, slug, page, now, origin }: LiveBlogLiveViewProps) {
  const [view, setView] = useState<LiveBlogView | null>(null)
  const [clock, setClock] = useState(() => new Date(now))
  // What the page showed when it opened: any other update came in live, and is marked once.
  const [opened] = useState(() => new Set(page.updates.map((update) => update._id)))
  useEffect(() => {
    const top = document.getElementById(latestUpdatesHeadingId)
    if (!top) return
    const started = startLiveBlog({ blog, path: page.path, page, top }, (next) => {
      setView(next)
      setClock(new Date())
      if (next.endedAt) markEnded(next.endedAt)
    })
    // "5 minutes ago" moves on while the page is open.
    const ticking = setInterval(() => setClock(new Date()), 60_000)
    return () => {
      clearInterval(ticking)
      started.stop()
    }
    // Started once, from the page the server rendered; the machine keeps it current.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const live: LiveBlogLiveProps | undefined =
    view
      ? {
          connection: view.status === 'ended' ? null : view.status,
          pollSeconds: defaultLiveBlogSettings.pollInterval / 1000,
          onRetry: view.retry,
          held: view.held,
          onShowNew: view.showNew,
          announcement: view.announcement,
          arrived: (id) => !opened.has(id),
        }
      : undefined
  return <LiveBlogBody title={title} slug={slug} page={view?.page ?? page} now={clock} origin={origin} {...(live ? { live } : {})} />
}

export const LiveBlogLive = island('LiveBlogLive', LiveBlogLiveView, { defer: 'idle' })
