// The homepage's live feed with its real effects: the feed machine, @sanity/client's query and
// listen. The homepage route imports this module once the page is on screen, so a reader's first
// view (rendered by the server, or from the route's loader) never waits for the client library or
// the statechart runtime.

import { createActor, fromCallback, fromPromise } from 'xstate'
import { afterEvent, readerClient } from '../content/clients/reader.ts'
import { loadHomepage, type Homepage } from '../content/homepage/rules.ts'
import { homepageListenQuery } from '../content/homepage/query.ts'
import { feedMachine, feedStatus, type FeedEvent, type FeedFetchInput, type FeedStatus, type FeedUpdate } from '../machines/feedMachine.ts'

export interface FeedView {
  homepage: Homepage | null
  status: FeedStatus
}

export interface RunningFeed {
  retry(): void
  stop(): void
}

const liveFeed = feedMachine.provide({
  actors: {
    // A fetch after an event names it (decision 036): every open homepage that heard it asks the
    // same addresses, which the edge answers from one query of the service.
    fetchHomepage: fromPromise<Homepage, FeedFetchInput>(({ input }) =>
      loadHomepage((query, params, options) => readerClient().fetch(query, params, { ...options, ...afterEvent(input.after) })),
    ),
    listen: fromCallback<FeedEvent>(({ sendBack }) => {
      const subscription = readerClient()
        .listen(homepageListenQuery, {}, { includeResult: true, visibility: 'query', events: ['welcome', 'mutation', 'reconnect'], tag: 'homepage.live' })
        .subscribe({
          next: (event) => {
            if (event.type === 'welcome') sendBack({ type: 'live.connected' })
            else if (event.type === 'mutation') {
              sendBack({ type: 'live.update', update: { documentId: event.documentId, transactionId: event.transactionId, result: event.result as FeedUpdate['result'] } })
            } else if (event.type === 'reconnect') {
              // The stream dropped; the machine polls meanwhile and comes back to live by itself.
              sendBack({ type: 'live.failed', error: new Error('The live connection was lost') })
            }
          },
          error: (error: unknown) => sendBack({ type: 'live.failed', error }),
        })
      return () => subscription.unsubscribe()
    }),
  },
})

/** Starts the feed from the homepage already shown, and reports every change of what to show. */
export function startLiveFeed(homepage: Homepage | null, onView: (view: FeedView) => void): RunningFeed {
  const actor = createActor(liveFeed, { input: { homepage } })
  actor.subscribe((snapshot) => onView({ homepage: snapshot.context.homepage, status: feedStatus(snapshot) }))
  actor.start()
  return { retry: () => actor.send({ type: 'retry' }), stop: () => actor.stop() }
}
