import { describe, expect, it } from 'vitest'
import type { FormSubmission } from '../../../shared/readerForms.ts'
import { preferencesMessages, preferencesView, readPreferences, savedSentence, standingSentence } from './preferences.ts'

const rendered = (values: Record<string, string>, errors: Record<string, string> = {}): FormSubmission => ({ form: 'preferences', values, errors, notice: null })

describe('preferencesView', () => {
  it('shows the choice the service rendered the page with', () => {
    expect(preferencesView({ token: 't.k' }, rendered({ email: 'r•••@example.com', status: 'confirmed', newsletters: 'editors-edition' }))).toEqual({
      kind: 'choose',
      token: 't.k',
      preferences: { email: 'r•••@example.com', status: 'confirmed', newsletters: ['editors-edition'] },
      outcome: { kind: 'none' },
    })
  })

  it('says it is saved after a save without JavaScript, and why not when it was not', () => {
    const submission = rendered({ email: 'r•••@example.com', status: 'confirmed', newsletters: '' })
    expect(preferencesView({ token: 't.k', status: 'saved' }, submission)).toMatchObject({ kind: 'choose', outcome: { kind: 'saved' } })
    expect(preferencesView({ token: 't.k', status: 'busy' }, submission)).toMatchObject({ outcome: { kind: 'problem', message: preferencesMessages.busy } })
  })

  it('says a bad, unknown or missing link is not valid, and never shows a form for it', () => {
    expect(preferencesView({ token: 'forged' }, rendered({}, { token: 'invalid' }))).toEqual({ kind: 'problem', title: 'Link not valid', message: preferencesMessages.invalid })
    expect(preferencesView({ status: 'invalid' }, null)).toMatchObject({ kind: 'problem', message: preferencesMessages.invalid })
    expect(preferencesView({}, null)).toMatchObject({ kind: 'problem', message: preferencesMessages.incomplete })
    expect(preferencesView({ token: 'x'.repeat(600) }, null)).toMatchObject({ kind: 'problem', message: preferencesMessages.incomplete })
  })

  it('asks the service itself when the page was not rendered with the choice', () => {
    expect(preferencesView({ token: 't.k' }, null)).toEqual({ kind: 'loading', token: 't.k' })
    expect(preferencesView({ token: 't.k' }, { form: 'subscribe', values: { email: 'a@b.c' }, errors: {}, notice: null })).toEqual({ kind: 'loading', token: 't.k' })
  })
})

describe('readPreferences', () => {
  it('reads the service answer, keeping only newsletters the paper sends', () => {
    expect(readPreferences({ ok: true, email: 'r•••@example.com', status: 'pending', newsletters: ['editors-edition', 'weekend', 'morning-briefing'] })).toEqual({
      email: 'r•••@example.com',
      status: 'pending',
      newsletters: ['morning-briefing', 'editors-edition'],
    })
    expect(readPreferences({ ok: false, reason: 'invalid' })).toBeNull()
    expect(readPreferences(null)).toBeNull()
  })
})

describe('what the page says', () => {
  const confirmed = { email: 'r•••@example.com', status: 'confirmed' as const, newsletters: ['morning-briefing' as const] }

  it('says what a subscriber gets now, and after a save', () => {
    expect(standingSentence(confirmed)).toBe('You will receive The Morning Briefing (every morning at 07:00 London time, on days with new stories).')
    expect(savedSentence(confirmed)).toBe('Saved: you will receive The Morning Briefing (every morning at 07:00 London time, on days with new stories).')
  })

  it('says plainly that nothing comes when nothing is chosen', () => {
    const none = { ...confirmed, status: 'unsubscribed' as const, newsletters: [] }
    expect(standingSentence(none)).toBe('You are unsubscribed, and receive no newsletters. Tick a newsletter and save to receive it again.')
    expect(savedSentence(none)).toBe('Saved: you will receive no newsletters. You are unsubscribed.')
  })

  it('says nothing is sent before the address is confirmed', () => {
    expect(standingSentence({ ...confirmed, status: 'pending' })).toMatch(/^Your address is not confirmed yet: nothing is sent until you open the link in the confirmation email\. Then: you will receive The Morning Briefing/)
  })
})
