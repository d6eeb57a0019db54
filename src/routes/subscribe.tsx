import { createFileRoute } from '@tanstack/react-router'
import { SubscribePage } from '../components/pages/SubscribePage.tsx'
import { listingHead } from '../content/listings/listings.ts'

interface SubscribeSearch {
  email?: string
}

export const Route = createFileRoute('/subscribe')({
  // `?email=` pre-fills the form when it looks like an address; anything else is dropped rather than
  // shown as an error, since the reader can type it in. Only a cheap shape check here: search
  // validation ships with the first download for every page, so it stays free of valibot and the
  // form module, and the form checks the address properly before anything happens.
  validateSearch: (search: Record<string, unknown>): SubscribeSearch => {
    const email = typeof search.email === 'string' ? search.email.trim() : ''
    // An explicit undefined: the router lays this over the raw query string, so leaving the key out
    // would let the unchecked value through.
    return { email: email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined }
  },
  head: ({ match }) =>
    listingHead(match.context.origin, {
      title: 'Subscribe',
      description: 'Subscribe to Resonance, the independent London newspaper: Digital, Digital + Print or Weekend plans, paid monthly and cancellable at any time.',
      // Never the reader's `?email=`: the address is the page's, and it is shared.
      path: '/subscribe',
    }),
  component: Subscribe,
})

function Subscribe() {
  const { email } = Route.useSearch()
  // No subscribe endpoint exists (docs/product-spec.md §7 lists no subscribe call), so the form confirms on screen and
  // nothing is sent anywhere. A real sign-up would post the plan and address from here.
  return <SubscribePage initialEmail={email} />
}
