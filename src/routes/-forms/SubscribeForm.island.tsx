// The subscribe form, an island (docs/decisions/031-islands.md) that wakes at its first use: it then
// checks the choice and the address as the reader goes and signs them up from the page. Until then,
// and without JavaScript, the browser posts the form and the service answers with a page.
import type { NewsletterId } from '../../../shared/newsletters.ts'
import { SubscribeForm as SubscribeFormView } from '../../components/pages/SubscribeForm.tsx'
import { sendSubscription } from '../../content/clients/readerForms.ts'
import { island } from '../../islands/island.tsx'

export interface SubscribeFormStart {
  /** An address to start with: typed into the About page's box, or into a form the service sent back. */
  initialEmail?: string
  initialNewsletters?: NewsletterId[]
  initialErrors?: Record<string, string>
  initialNotice?: string | null
}

function SentSubscribeForm(start: SubscribeFormStart) {
  return <SubscribeFormView onSubscribe={sendSubscription} {...start} />
}

export const SubscribeForm = island('SubscribeForm', SentSubscribeForm, { defer: 'interaction' })
