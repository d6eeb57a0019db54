import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { AboutPage } from '../components/pages/AboutPage.tsx'
import { listingHead } from '../content/listings/listings.ts'

export const Route = createFileRoute('/about')({
  head: ({ match }) =>
    listingHead(match.context.origin, {
      title: 'About Us',
      description: 'Resonance is an independent London newspaper, established in 2024: our story, our approach, the team behind it and how to reach us.',
      path: '/about',
    }),
  component: About,
})

function About() {
  const navigate = useNavigate()
  // The spec's subscribe box has no handler; a reader expects it to lead to signing up. The address
  // rides in the history entry's state, never in the URL.
  return <AboutPage onSubscribe={(email) => void navigate({ to: '/subscribe', state: (previous) => ({ ...previous, subscribeEmail: email }) })} />
}
