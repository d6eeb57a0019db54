import { createFileRoute } from '@tanstack/react-router'
import { LoadingSpinner } from '../components/ui/LoadingSpinner.tsx'
import { liveBlogsInSlots, loadHomepage } from '../content/homepage/rules.ts'
import { liveBlogNewestKey } from '../../shared/cacheKeys.ts'
import { homepageHead } from '../content/meta/cards.ts'
import { LiveHome } from '../islands/LiveHome.island.tsx'

export const Route = createFileRoute('/')({
  // The first view: rendered on the server, or fetched on the way here. A failure is not the
  // route's error: the page opens saying the news could not be loaded, with Try again, and the live
  // feed fetches again once it is live (or polls, then retries offline), as after any later failure.
  // The server keeps no page a failed query made (server/pages/render.ts), so Try again asks again.
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

function Home() {
  const { renderedAt } = Route.useRouteContext()
  // The front page is the live feed's island: hydrated on its own in the document the service sends.
  // Its clock starts at the minute the page was rendered in (relative times are in minutes), so the
  // page is the same whichever process rendered it within that minute.
  const minute = new Date(Math.floor(renderedAt.getTime() / 60_000) * 60_000)
  return <LiveHome homepage={Route.useLoaderData()} renderedAt={minute.toISOString()} />
}
