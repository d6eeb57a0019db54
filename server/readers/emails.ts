// The words of the emails the paper sends readers. Plain text: it reads the same in every mail
// program, and nothing a reader typed can turn into markup.

import { newsletters, type NewsletterId } from '../../shared/newsletters.ts'
import { confirmLinkDays } from './links.ts'

export interface EmailText {
  subject: string
  text: string
}

const signOff = 'Resonance\nNews, comment and culture from London'

/** "The Morning Briefing and From the Editors": the newsletters chosen, by name, in the catalogue's order. */
export function newsletterNames(ids: readonly NewsletterId[]): string {
  const names = newsletters.filter((newsletter) => ids.includes(newsletter.id)).map((newsletter) => newsletter.name)
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '')
}

export function confirmationEmail(chosen: readonly NewsletterId[], confirmUrl: string, unsubscribeUrl: string): EmailText {
  return {
    subject: 'Confirm your Resonance subscription',
    text: [
      'Hello,',
      '',
      `Someone, we hope you, asked to subscribe this address to Resonance's free newsletters: ${newsletterNames(chosen)}.`,
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

export function alreadySubscribedEmail(preferencesUrl: string, unsubscribeUrl: string): EmailText {
  return {
    subject: 'You are already subscribed to Resonance',
    text: [
      'Hello,',
      '',
      'Someone asked to subscribe this address to Resonance, and it is already subscribed, so nothing has changed.',
      '',
      `To choose which newsletters you get: ${preferencesUrl}`,
      '',
      `If you would like to stop receiving our emails, unsubscribe here: ${unsubscribeUrl}`,
      '',
      signOff,
    ].join('\n'),
  }
}
