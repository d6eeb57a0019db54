// The About page's subscribe box: an island (docs/decisions/031-islands.md) that wakes at its first
// use, to check the address as the reader types. A valid address is then sent as the form is without
// JavaScript, and the service answers with the subscribe page, the address filled in.
import { island } from '../../islands/island.tsx'
import { SubscribeBox as SubscribeBoxView } from './SubscribeBox.tsx'

/** The box with no handler, so it sends itself: its props are plain data, carried in the page. */
function SelfSentSubscribeBox({ initialEmail }: { initialEmail?: string }) {
  return <SubscribeBoxView initialEmail={initialEmail} />
}

export const SubscribeBox = island('SubscribeBox', SelfSentSubscribeBox, { defer: 'interaction' })
