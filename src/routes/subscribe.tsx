import { createFileRoute } from '@tanstack/react-router'
import { SubscribePage } from '../components/pages/SubscribePage.tsx'
import { newsletterIdsOf } from '../content/pages/newsletters.ts'
import type { NewsletterId } from '../../shared/newsletters.ts'
import type { FormSubmission } from '../../shared/readerForms.ts'
import { SubscribeForm } from './-forms/SubscribeForm.island.tsx'

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
  // An address typed into the About page's box arrives as a form the service rendered this page
  // with, never in the URL, which is logged, shared and kept in the history; so does a form of this
  // page the service could not take.
  const { submission } = Route.useRouteContext()
  const sentBack = submission?.form === 'subscribe' ? submission : null
  if (!sentBack) return <SubscribePage form={<SubscribeForm />} />
  const start = { initialEmail: sentBack.values.email, initialNewsletters: ticked(sentBack), initialErrors: sentBack.errors, initialNotice: sentBack.notice }
  return <SubscribePage form={<SubscribeForm {...start} />} />
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
