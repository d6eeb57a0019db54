import { createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { fromCallback, fromPromise } from 'xstate'
import { HomePage } from '../components/HomePage.tsx'
import { readerClient } from '../content/client.ts'
import { sectionsFromQuery, type HomepageQueryResult } from '../content/homepage.ts'
import { homepageListenQuery, homepageQuery } from '../content/queries.ts'
import { defaultFeedSettings, feedMachine, feedStatus, type FeedEvent } from '../machines/feedMachine.ts'

export const Route = createFileRoute('/')({
  head: () => ({
    meta: [
      { title: 'Resonance | London Edition' },
      { name: 'description', content: 'Breaking news, the day’s lead story, features, video and the most-read stories from Resonance, London.' },
    ],
  }),
  component: Home,
})

/** The feed machine with its real effects: the content service's query and listen endpoints. */
const liveFeed = feedMachine.provide({
  actors: {
    fetchHomepage: fromPromise(async () => sectionsFromQuery(await readerClient.fetch<HomepageQueryResult>(homepageQuery, {}, { tag: 'homepage' }))),
    listen: fromCallback<FeedEvent>(({ sendBack }) => {
      const subscription = readerClient
        .listen(homepageListenQuery, {}, { includeResult: true, visibility: 'query', events: ['welcome', 'mutation', 'reconnect'], tag: 'homepage.live' })
        .subscribe({
          next: (event) => {
            if (event.type === 'welcome') sendBack({ type: 'live.connected' })
            else if (event.type === 'mutation') {
              sendBack({ type: 'live.update', update: { documentId: event.documentId, result: event.result as { isLeadStory?: boolean; isBreakingNews?: boolean } | undefined } })
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

function Home() {
  const feed = useActorRef(liveFeed, { input: {} })
  const homepage = useSelector(feed, (s) => s.context.homepage)
  const status = useSelector(feed, feedStatus)
  const now = useMinuteClock()
  return <HomePage homepage={homepage} status={status} pollSeconds={defaultFeedSettings.pollInterval / 1000} onRetry={() => feed.send({ type: 'retry' })} now={now} />
}

/** "X ago" stays true while the page is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
