// What the reader pages say about the newsletters a reader gets: the Subscribe page, the page after
// the confirmation link and the preferences page linked from every email. The newsletters themselves,
// with what each holds and when it comes, are the one list in shared/newsletters.ts.

import { defaultMorningTime, isNewsletterId, newsletterById, newsletterIds, type NewsletterId } from '../../../shared/newsletters.ts'

/**
 * The newsletters named in a comma-separated list (a form the service sent back, or a page's
 * address), each once, in the catalogue's order; anything else is left out.
 */
export function newsletterIdsOf(value: unknown): NewsletterId[] {
  if (typeof value !== 'string' || value.length > 200) return []
  const named = value.split(',').filter(isNewsletterId)
  return newsletterIds.filter((id) => named.includes(id))
}

/** 'Every morning at 07:00 London time, on days with new stories.' as a clause: 'every morning at … stories'. */
function whenClause(id: NewsletterId, morningTime: string): string {
  const when = newsletterById(id).when(morningTime).replace(/\.$/, '')
  return when.charAt(0).toLowerCase() + when.slice(1)
}

function listOf(parts: string[]): string {
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

/**
 * Exactly what a subscriber will get, in one sentence: 'You will receive The Morning Briefing (every
 * morning at 07:00 London time, on days with new stories) and From the Editors (whenever the editors
 * send one).' With none: 'You will receive no newsletters.'
 */
export function receiveSentence(ids: readonly NewsletterId[], morningTime: string = defaultMorningTime): string {
  if (ids.length === 0) return 'You will receive no newsletters.'
  return `You will receive ${listOf(ids.map((id) => `${newsletterById(id).name} (${whenClause(id, morningTime)})`))}.`
}
