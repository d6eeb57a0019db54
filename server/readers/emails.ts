// The words of the emails the paper sends readers. Plain text: it reads the same in every mail
// program, and nothing a reader typed can turn into markup.

import type { SubscriptionPlanId } from '../../shared/newsroom.ts'
import { subscriptionPlans } from '../../shared/readerForms.ts'
import { confirmLinkDays } from './links.ts'

export interface EmailText {
  subject: string
  text: string
}

const signOff = 'Resonance\nNews, comment and culture from London'

function planName(plan: SubscriptionPlanId): string {
  return subscriptionPlans.find((candidate) => candidate.id === plan)?.name ?? plan
}

export function confirmationEmail(plan: SubscriptionPlanId, confirmUrl: string, unsubscribeUrl: string): EmailText {
  return {
    subject: 'Confirm your Resonance subscription',
    text: [
      'Hello,',
      '',
      `Someone, we hope you, asked to subscribe this address to Resonance (the ${planName(plan)} plan).`,
      '',
      `To confirm, open this link within ${confirmLinkDays} days:`,
      confirmUrl,
      '',
      'If you did not ask for this, ignore this email: you will not be subscribed and we will not write again.',
      '',
      `To stop these emails: ${unsubscribeUrl}`,
      '',
      signOff,
    ].join('\n'),
  }
}

export function alreadySubscribedEmail(unsubscribeUrl: string): EmailText {
  return {
    subject: 'You are already subscribed to Resonance',
    text: [
      'Hello,',
      '',
      'Someone asked to subscribe this address to Resonance, and it is already subscribed, so nothing has changed.',
      '',
      `If you would like to stop receiving our emails, unsubscribe here: ${unsubscribeUrl}`,
      '',
      signOff,
    ].join('\n'),
  }
}
