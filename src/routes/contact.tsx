import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '../components/pages/ContactPage.tsx'
import { listingHead } from '../content/listings/listings.ts'

export const Route = createFileRoute('/contact')({
  head: ({ match }) =>
    listingHead(match.context.origin, {
      title: 'Contact Us',
      description: 'Write to the Resonance newsroom in London: corrections, story tips, feedback and media enquiries, with our phone, email, address and office hours.',
      path: '/contact',
    }),
  // No contact endpoint exists (docs/product-spec.md §7 lists no contact-submit call), so the form confirms on screen and
  // the message goes nowhere. It is not logged either: it holds a reader's name and email address.
  component: ContactPage,
})
