import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { NewsletterId } from '../../../shared/newsletters.ts'
import type { PreferencesSaveResult, PreferencesView } from '../../content/pages/preferences.ts'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { NewsletterPreferences } from './NewsletterPreferences.tsx'

const choose: PreferencesView = {
  kind: 'choose',
  token: 't.k',
  preferences: { email: 'r•••@example.com', status: 'confirmed', newsletters: ['morning-briefing', 'editors-edition'] },
  outcome: { kind: 'none' },
}

async function setup(view: PreferencesView, answer?: (newsletters: NewsletterId[]) => PreferencesSaveResult) {
  const saves: Array<{ token: string; newsletters: NewsletterId[] }> = []
  await renderWithRouter(
    <NewsletterPreferences
      view={view}
      onSave={async (token, newsletters) => {
        saves.push({ token, newsletters })
        return answer ? answer(newsletters) : { ok: true, preferences: { email: 'r•••@example.com', status: newsletters.length ? 'confirmed' : 'unsubscribed', newsletters } }
      }}
    />,
  )
  return { saves, user: userEvent.setup() }
}

describe('NewsletterPreferences', () => {
  it('shows whose newsletters these are, what they get, ticked, and a form that posts itself without JavaScript', async () => {
    await setup(choose)
    expect(screen.getByRole('heading', { level: 1, name: 'Your newsletters' })).toBeTruthy()
    expect(screen.getByText(/^For/).textContent).toBe(
      'For r•••@example.com. You will receive The Morning Briefing (every morning at 07:00 London time, on days with new stories) and From the Editors (whenever the editors send one).',
    )
    expect((screen.getByRole('checkbox', { name: 'The Morning Briefing' }) as HTMLInputElement).checked).toBe(true)
    const form = screen.getByRole('form', { name: 'Your newsletters' }) as HTMLFormElement
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/newsletters/preferences'])
    const sent = new FormData(form)
    expect([sent.get('token'), sent.getAll('newsletters')]).toEqual(['t.k', ['', 'morning-briefing', 'editors-edition']])
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('saves the boxes ticked and says exactly what will come', async () => {
    const { saves, user } = await setup(choose)
    await user.click(screen.getByRole('checkbox', { name: 'The Morning Briefing' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(/^Saved/)).toBeTruthy()
    expect(saves).toEqual([{ token: 't.k', newsletters: ['editors-edition'] }])
    expect(screen.getByRole('status').textContent).toBe('Saved: you will receive From the Editors (whenever the editors send one).')
  })

  it('says the subscriber is unsubscribed when nothing is ticked', async () => {
    const { user } = await setup(choose)
    await user.click(screen.getByRole('checkbox', { name: 'The Morning Briefing' }))
    await user.click(screen.getByRole('checkbox', { name: 'From the Editors' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByText(/^Saved/)).textContent).toBe('Saved: you will receive no newsletters. You are unsubscribed.')
    expect(screen.getByText(/^For/).textContent).toMatch(/You are unsubscribed, and receive no newsletters\./)
  })

  it('says it was saved when the service came back after a save without JavaScript', async () => {
    await setup({ ...choose, outcome: { kind: 'saved' } })
    expect(screen.getByRole('status').textContent).toMatch(/^Saved: you will receive The Morning Briefing/)
  })

  it('keeps the choice and says why when the save was refused', async () => {
    const { user } = await setup(choose, () => ({ ok: false, message: 'Too many changes.' }))
    await user.click(screen.getByRole('checkbox', { name: 'From the Editors' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Too many changes.')
    expect((screen.getByRole('checkbox', { name: 'From the Editors' }) as HTMLInputElement).checked).toBe(false)
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('says a link that does not work is not valid, with no form', async () => {
    await setup({ kind: 'problem', title: 'Link not valid', message: 'This link is not valid.' })
    expect(screen.getByRole('heading', { level: 1, name: 'Link not valid' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('This link is not valid.')
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/subscribe')
  })
})
