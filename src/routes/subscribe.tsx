import { createFileRoute, useRouterState } from '@tanstack/react-router'
import { SubscribePage } from '../components/pages/SubscribePage.tsx'
import { sendSubscription } from '../content/clients/readerForms.ts'
import { planOf } from '../content/pages/contact.ts'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The address typed into the About page's box, carried to this page outside its URL. */
    subscribeEmail?: string
  }
}

export const Route = createFileRoute('/subscribe')({
  // The head's module loads when it is first written, outside the reader's first download (decision 018).
  head: async ({ match }) =>
    (await import('../content/listings/head.ts')).listingHead(match.context.origin, {
      title: 'Subscribe',
      description: 'Subscribe to Resonance, the independent London newspaper: Digital, Digital + Print or Weekend plans, paid monthly and cancellable at any time.',
      path: '/subscribe',
    }),
  component: Subscribe,
})

function Subscribe() {
  // An address arrives from the About page's box in the history entry's state (with JavaScript) or
  // as a form the service rendered this page with (without): never in the URL, which is logged,
  // shared and kept in the history.
  const carried = useRouterState({ select: (state) => state.location.state.subscribeEmail })
  const { submission } = Route.useRouteContext()
  const sentBack = submission?.form === 'subscribe' ? submission : null
  return (
    <SubscribePage
      onSubscribe={sendSubscription}
      initialEmail={sentBack?.values.email ?? (typeof carried === 'string' ? carried : undefined)}
      initialPlan={planOf(sentBack?.values.plan)}
      initialErrors={sentBack?.errors}
      initialNotice={sentBack?.notice}
    />
  )
}
