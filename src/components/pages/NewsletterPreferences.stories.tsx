import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn, userEvent, within } from 'storybook/test'
import type { NewsletterId } from '../../../shared/newsletters.ts'
import type { PreferencesSaveResult } from '../../content/pages/preferences.ts'
import { NewsletterPreferences } from './NewsletterPreferences.tsx'

const saved = fn(async (_token: string, newsletters: NewsletterId[]): Promise<PreferencesSaveResult> => ({
  ok: true,
  preferences: { email: 'r•••@example.com', status: newsletters.length ? 'confirmed' : 'unsubscribed', newsletters },
}))

const meta = {
  title: 'Reader/NewsletterPreferences',
  component: NewsletterPreferences,
  parameters: { layout: 'fullscreen' },
  args: {
    view: {
      kind: 'choose',
      token: 'sample.token',
      preferences: { email: 'r•••@example.com', status: 'confirmed', newsletters: ['morning-briefing'] },
      outcome: { kind: 'none' },
    },
    onSave: saved,
  },
} satisfies Meta<typeof NewsletterPreferences>

export default meta
type Story = StoryObj<typeof meta>

export const Confirmed: Story = {}

export const Pending: Story = {
  args: { view: { kind: 'choose', token: 'sample.token', preferences: { email: 'r•••@example.com', status: 'pending', newsletters: ['morning-briefing', 'editors-edition'] }, outcome: { kind: 'none' } } },
}

export const Unsubscribed: Story = {
  args: { view: { kind: 'choose', token: 'sample.token', preferences: { email: 'r•••@example.com', status: 'unsubscribed', newsletters: [] }, outcome: { kind: 'none' } } },
}

/** After Save: the page says exactly what will come. */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'From the Editors' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }))
  },
}

export const Refused: Story = {
  args: { onSave: fn(async (_token: string, _newsletters: NewsletterId[]): Promise<PreferencesSaveResult> => ({ ok: false, message: 'Too many changes were made from your connection just now, so nothing was saved. Please try again in a few minutes.' })) },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Save' }))
  },
}

export const LinkNotValid: Story = {
  args: { view: { kind: 'problem', title: 'Link not valid', message: 'This link is not valid, or the address is no longer on our list. Please open it again from one of our newsletters, or subscribe again.' } },
}

export const Loading: Story = { args: { view: { kind: 'loading', token: 'sample.token' } } }
