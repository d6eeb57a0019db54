import type { Homepage } from '../../content/homepage/rules.ts'
import { BreakingNews } from './BreakingNews.tsx'
import { ConnectionStatus, type ConnectionState } from './ConnectionStatus.tsx'
import { FeaturedStories } from './FeaturedStories.tsx'
import { LatestUpdates } from './LatestUpdates.tsx'
import { LeadStory } from './LeadStory.tsx'
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx'
import { TrendingList } from './TrendingList.tsx'
import { VideoJournal } from './VideoJournal.tsx'
import './HomePage.css'

export interface HomePageProps {
  /** Null until the first fetch finishes. */
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
        status === 'offline' ? (
          <p className="home__unavailable" role="alert">
            The news could not be loaded. We will keep trying.
          </p>
        ) : (
          <LoadingSpinner label="Loading the latest news" />
        )
      ) : (
        <HomeSections homepage={homepage} now={now} />
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
