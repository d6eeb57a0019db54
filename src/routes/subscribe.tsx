import { createFileRoute, useRouterState } from '@tanstack/react-router'
import { SubscribePage } from '../components/pages/SubscribePage.tsx'
import { sendSubscription } from '../content/clients/readerForms.ts'
import { newsletterIdsOf } from '../content/pages/newsletters.ts'
import type { NewsletterId } from '../../shared/newsletters.ts'
import type { FormSubmission } from '../../shared/readerForms.ts'

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
      description: 'Free newsletters from Resonance, the independent London newspaper: The Morning Briefing, with the front page every morning, and From the Editors, the stories our editors pick.',
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
      initialNewsletters={ticked(sentBack)}
      initialErrors={sentBack?.errors}
      initialNotice={sentBack?.notice}
    />
  )
}

/**
 * What a form the service sent back had ticked: the ids it names, or none when its problem was the
 * choice (nothing ticked); a form that says neither starts with every newsletter ticked.
 */
function ticked(sentBack: FormSubmission | null): NewsletterId[] | undefined {
  if (!sentBack) return undefined
  if ('newsletters' in sentBack.values) return newsletterIdsOf(sentBack.values.newsletters)
  return sentBack.errors.newsletters ? [] : undefined
}
