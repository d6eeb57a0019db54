// The newsletters the paper really sends: one list, read by the Subscribe page (what a reader may
// choose), the preferences page linked from every email, the admin's Newsletters page and the
// service that composes and sends each edition. A newsletter is offered here only once the service
// sends it.

export const newsletterIds = ['morning-briefing', 'editors-edition'] as const

export type NewsletterId = (typeof newsletterIds)[number]

export interface Newsletter {
  id: NewsletterId
  name: string
  /** What an edition holds, in a sentence a reader can hold the paper to. */
  holds: string
  /** When editions come, as the service really sends them, given the morning send time ('07:00', London's clock). */
  when: (morningTime: string) => string
}

/** The Morning Briefing's default send time on London's clock (the service's `NEWSLETTER_MORNING_TIME`). */
export const defaultMorningTime = '07:00'

export const newsletters: readonly Newsletter[] = [
  {
    id: 'morning-briefing',
    name: 'The Morning Briefing',
    holds: 'The front page as it stands: breaking news, the lead story, featured stories, the latest updates and what readers are reading most.',
    when: (morningTime) => `Every morning at ${morningTime} London time, on days with new stories.`,
  },
  {
    id: 'editors-edition',
    name: 'From the Editors',
    holds: 'Stories the editors pick, with a short note on why they matter.',
    when: () => 'Whenever the editors send one.',
  },
]

export function isNewsletterId(value: unknown): value is NewsletterId {
  return typeof value === 'string' && (newsletterIds as readonly string[]).includes(value)
}

export function newsletterById(id: NewsletterId): Newsletter {
  return newsletters.find((n) => n.id === id)!
}
