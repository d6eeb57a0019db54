import type { Homepage } from '../../content/homepage/rules.ts'
import { BreakingNews } from './BreakingNews.tsx'
import { ConnectionStatus, type ConnectionState } from './ConnectionStatus.tsx'
import { FeaturedStories } from './FeaturedStories.tsx'
import { LatestUpdates } from './LatestUpdates.tsx'
import { LeadStory } from './LeadStory.tsx'
import { TrendingList } from './TrendingList.tsx'
import { VideoJournal } from './VideoJournal.tsx'
import './HomePage.css'

export interface HomePageProps {
  /**
   * Null when the first fetch failed: the page is shown once it has finished (rendered on the
   * server after its query, or after the route's pending spinner in the browser).
   */
  homepage: Homepage | null
  status: ConnectionState
  pollSeconds: number
  onRetry: () => void
  now: Date
}

export function HomePage({ homepage, status, pollSeconds, onRetry, now }: HomePageProps) {
  return (
    <div className="home">
      <h1 className="visually-hidden">Resonance: today’s news from London and the world</h1>
      <ConnectionStatus status={status} pollSeconds={pollSeconds} onRetry={onRetry} />
      {homepage === null ? (
        <Unavailable status={status} />
      ) : (
        <HomeSections homepage={homepage} now={now} />
      )}
    </div>
  )
}

/**
 * The first fetch failed (a query over its time limit, the service unreachable). Polling and
 * offline fetch again by themselves (offline's own Try again is in the status); otherwise the feed
 * fetches again only when it goes live or hears a change, and a page read without JavaScript never
 * does, so Try again asks for the page again.
 */
function Unavailable({ status }: { status: ConnectionState }) {
  const retrying = status === 'offline' || status === 'polling'
  return (
    <div className="home__unavailable" role="alert">
      <p>The news could not be loaded.{retrying ? ' We will keep trying.' : ''}</p>
      {retrying ? null : (
        <p>
          <a href="/">Try again</a>
        </p>
      )}
    </div>
  )
}

function HomeSections({ homepage, now }: { homepage: Homepage; now: Date }) {
  const { breaking, lead, featured, latest, videos, trending } = homepage.sections
  const empty = !breaking && !lead && featured.length + latest.length + videos.length + trending.length === 0
  if (empty) return <p className="home__unavailable">No stories have been published yet.</p>
  return (
    <>
      {breaking ? <BreakingNews article={breaking} now={now} /> : null}
      {lead ? <LeadStory article={lead} now={now} /> : null}
      <div className="home__columns">
        <div className="home__main">
          <FeaturedStories articles={featured} now={now} />
          <VideoJournal articles={videos} />
        </div>
        <aside className="home__side" aria-label="Trending and latest updates">
          <TrendingList articles={trending} />
          <LatestUpdates articles={latest} now={now} />
        </aside>
      </div>
    </>
  )
}
