import { createFileRoute } from '@tanstack/react-router'
import { HeadlineList, type Headline } from '../components/HeadlineList.tsx'
import { readerClient } from '../content/client.ts'
import { latestHeadlinesQuery } from '../content/queries.ts'

export const Route = createFileRoute('/')({
  loader: () => readerClient.fetch<Headline[]>(latestHeadlinesQuery),
  pendingComponent: () => <HeadlineList headlines={null} />,
  errorComponent: ({ error }) => <HeadlineList headlines={null} error={error instanceof Error ? error.message : String(error)} />,
  component: Home,
})

function Home() {
  const headlines = Route.useLoaderData()
  return (
    <>
      <h1>Latest news</h1>
      <HeadlineList headlines={headlines} />
    </>
  )
}
