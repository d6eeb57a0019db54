import { describe, expect, it } from 'vitest'
import { composerMessages, draftBody, draftErrors, editionReachText, editionStateText, isComposable, morningSendQuestion, scheduleInstant, sendQuestion, testSentText, type EditionCounts } from './newsletters.ts'

const counts = (over: Partial<EditionCounts> = {}): EditionCounts => ({ total: 0, sent: 0, failed: 0, skipped: 0, waiting: 0, kept: 0, ...over })
const story = (n: number) => ({ _id: `a${n}`, title: `Story ${n}`, slug: `story-${n}` })

describe('an edition in words', () => {
  it('says sent only of what went out, and counts failures and those who left meanwhile', () => {
    expect(editionStateText({ state: 'draft', scheduledFor: null, counts: counts() })).toBe('Draft')
    expect(editionStateText({ state: 'sending', scheduledFor: null, counts: counts({ total: 400, sent: 118, failed: 2, waiting: 280 }) })).toBe('Sending: 120 of 400, 2 failed')
    expect(editionStateText({ state: 'sent', scheduledFor: null, counts: counts({ total: 1200, sent: 1197, failed: 2, skipped: 1 }) })).toBe(
      'Sent to 1,197 of 1,200 subscribers, 2 failed, 1 not sent (unsubscribed meanwhile)',
    )
    expect(editionStateText({ state: 'kept', scheduledFor: null, counts: counts({ total: 1, kept: 1 }) })).toBe('Kept, not sent (no mail server): 1 subscriber would have received it')
    expect(editionStateText({ state: 'scheduled', scheduledFor: '2026-11-28T07:00:00Z', counts: counts() })).toMatch(/^Scheduled for .*2026/)
  })

  it('asks before sending with the number it goes to, and says when nobody would get it', () => {
    expect(sendQuestion(1)).toBe('Send this edition now to 1 confirmed subscriber of From the Editors?')
    expect(sendQuestion(2500)).toBe('Send this edition now to 2,500 confirmed subscribers of From the Editors?')
    expect(sendQuestion(0)).toMatch(/nobody will receive it/)
    expect(sendQuestion(null)).toBe('Send this edition now to every confirmed subscriber of From the Editors?')
    expect(morningSendQuestion(1204)).toBe('Send today’s Morning Briefing now to 1,204 confirmed subscribers?')
    expect(morningSendQuestion(0)).toMatch(/nobody will receive it/)
  })

  it('says whom an edition not yet sent would reach now, and nothing of one that went', () => {
    expect(editionReachText({ state: 'draft' }, 12)).toBe('would go to 12 confirmed subscribers now')
    expect(editionReachText({ state: 'scheduled' }, 1)).toBe('would go to 1 confirmed subscriber now')
    expect(editionReachText({ state: 'sent' }, 12)).toBe('')
    expect(editionReachText({ state: 'draft' }, null)).toBe('')
  })

  it('says where a test went, or that it was kept in the Outbox, or why it failed', () => {
    expect(testSentText({ to: 'ed@example.com', delivery: 'sent', error: null })).toBe('Test sent to ed@example.com.')
    expect(testSentText({ to: 'ed@example.com', delivery: 'held', error: null })).toMatch(/^Test kept, not sent: .*Outbox for ed@example.com\.$/)
    expect(testSentText({ to: 'ed@example.com', delivery: 'failed', error: '550 mailbox unavailable' })).toBe('The test to ed@example.com could not be sent: 550 mailbox unavailable')
  })
})

describe('a draft', () => {
  it('needs a subject and a story, within the service’s limits', () => {
    expect(draftErrors({ subject: '  ', intro: '', stories: [] })).toEqual({ subject: composerMessages.subject, stories: composerMessages.stories })
    expect(draftErrors({ subject: 'S'.repeat(201), intro: 'I'.repeat(2001), stories: Array.from({ length: 21 }, (_, i) => story(i)) })).toEqual({
      subject: composerMessages.subjectLong,
      intro: composerMessages.introLong,
      stories: composerMessages.storiesMany,
    })
    expect(draftErrors({ subject: 'This week', intro: '', stories: [story(1)] })).toEqual({})
  })

  it('is sent to the service trimmed, its stories by id in the order picked', () => {
    expect(draftBody({ subject: ' This week ', intro: ' Hello. ', stories: [story(2), story(1)] })).toEqual({ subject: 'This week', intro: 'Hello.', articleIds: ['a2', 'a1'] })
  })

  it('may be changed while a draft or scheduled, never once it went', () => {
    expect(['draft', 'scheduled', 'sending', 'sent', 'kept'].filter((state) => isComposable({ state: state as 'draft' }))).toEqual(['draft', 'scheduled'])
  })

  it('reads a datetime-local value as an instant, and nothing else', () => {
    expect(scheduleInstant('2026-11-28T07:00')).toBe(new Date('2026-11-28T07:00').toISOString())
    for (const bad of ['', '2026-11-28', 'tomorrow', '2026-13-45T99:99']) expect(scheduleInstant(bad), bad).toBeNull()
  })
})
