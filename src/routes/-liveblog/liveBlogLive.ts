// An open live blog's first page with its real effects: the live blog machine, @sanity/client's
// query and listen, the tab's title, and the scroll up to new updates. Part of the island
// (LiveBlogLive.island.tsx), whose code loads only when the browser is idle after the page is on
// screen, so the first view never waits for the client library or the statechart runtime.

import { createActor, fromCallback, fromPromise } from 'xstate'
import { afterEvent, readerClient } from '../../content/clients/reader.ts'
import { loadLiveFirstPage, type LiveBlogPage, type LiveFirstPage } from '../../content/liveblog/liveBlog.ts'
import { titleWithCount } from '../../content/liveblog/live.ts'
import { liveBlogListenQuery } from '../../content/liveblog/query.ts'
import { heldCount, liveBlogMachine, liveBlogStatus, type LiveBlogEvent, type LiveBlogFetchInput, type LiveBlogStatus } from '../../machines/liveBlogMachine.ts'

export interface LiveBlogView {
  page: LiveBlogPage
  status: LiveBlogStatus
  endedAt: string | null
  held: number
  announcement: string
  /** The reader's ways to act on it. */
  retry(): void
  showNew(): void
}

export interface RunningLiveBlog {
  stop(): void
}

export interface LiveBlogPlace {
  /** The blog's document id and its address. */
  blog: string
  path: string
  /** The first page as shown. */
  page: LiveBlogPage
  /** The element above the updates: new updates may appear at once while it is not scrolled past. */
  top: HTMLElement
}

/** How far below the viewport the updates' heading still counts as not scrolled past: further than any page is long. */
const belowTheFold = 1_000_000

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** Starts keeping the page live, and reports every change of what it shows. */
export function startLiveBlog({ blog, path, page, top }: LiveBlogPlace, onView: (view: LiveBlogView) => void): RunningLiveBlog {
  const machine = liveBlogMachine.provide({
    actors: {
      fetchFirstPage: fromPromise<LiveFirstPage, LiveBlogFetchInput>(({ input }) =>
        loadLiveFirstPage((query, params) => readerClient().fetch(query, params, { tag: 'liveblog.live', ...afterEvent(input.after) }), blog, path),
      ),
      listen: fromCallback<LiveBlogEvent>(({ sendBack }) => {
        const subscription = readerClient()
          .listen(liveBlogListenQuery, { blog }, { includeResult: false, visibility: 'query', events: ['welcome', 'mutation', 'reconnect'], tag: 'liveblog.live' })
          .subscribe({
            next: (event) => {
              if (event.type === 'welcome') sendBack({ type: 'live.connected' })
              else if (event.type === 'mutation') sendBack({ type: 'live.update', update: { documentId: event.documentId, transactionId: event.transactionId } })
              // The stream dropped; the machine polls meanwhile and comes back to live by itself.
              else if (event.type === 'reconnect') sendBack({ type: 'live.failed', error: new Error('The live connection was lost') })
            },
            error: (error: unknown) => sendBack({ type: 'live.failed', error }),
          })
        return () => subscription.unsubscribe()
      }),
    },
    actions: {
      retitle: (_, { count }) => {
        document.title = titleWithCount(document.title, count)
      },
      scrollToTop: () => {
        // After the page has drawn the updates brought in, so the scroll is not aimed at a page that then changes.
        requestAnimationFrame(() => {
          top.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' })
          // The button is gone with the updates it brought: the keyboard's place goes up with the reader.
          top.focus({ preventScroll: true })
        })
      },
    },
  })
  const atTop = () => top.getBoundingClientRect().bottom >= 0
  const actor = createActor(machine, { input: { page, atTop: atTop(), visible: document.visibilityState === 'visible' } })
  const retry = () => actor.send({ type: 'retry' })
  const showNew = () => actor.send({ type: 'showNew' })
  actor.subscribe((snapshot) =>
    onView({
      page: snapshot.context.shown,
      status: liveBlogStatus(snapshot),
      endedAt: snapshot.context.endedAt,
      held: heldCount(snapshot.context),
      announcement: snapshot.context.announcement,
      retry,
      showNew,
    }),
  )
  actor.start()
  // Whether the top of the updates is scrolled past: crossing that line is all the machine needs.
  // The viewport's box is stretched far downwards, so the heading "intersects" exactly while it is
  // not scrolled past and the observer reports that one line. With the plain viewport, a jump from
  // above the updates to below them (the End key, a key event's link, a long fling) goes from
  // "below the viewport" to "above it" with no frame in between, and the observer says nothing.
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) actor.send({ type: 'reader.scrolled', atTop: entry.isIntersecting })
    },
    { rootMargin: `0px 0px ${belowTheFold}px 0px` },
  )
  observer.observe(top)
  const onVisibility = () => actor.send({ type: document.visibilityState === 'visible' ? 'tab.shown' : 'tab.hidden' })
  document.addEventListener('visibilitychange', onVisibility)
  return {
    stop: () => {
      observer.disconnect()
      document.removeEventListener('visibilitychange', onVisibility)
      actor.stop()
      document.title = titleWithCount(document.title, 0)
    },
  }
}
