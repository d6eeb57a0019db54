import { createFileRoute } from '@tanstack/react-router'
import { AboutPage } from '../components/pages/AboutPage.tsx'

export const Route = createFileRoute('/about')({
  // The head's module loads when it is first written, outside the reader's first download (decision 018).
  head: async ({ match }) =>
    (await import('../content/listings/head.ts')).listingHead(match.context.origin, {
      title: 'About Us',
      description: 'Resonance is an independent London newspaper, established in 2024: our story, our approach, the team behind it and how to reach us.',
      path: '/about',
    }),
  component: AboutPage,
})
