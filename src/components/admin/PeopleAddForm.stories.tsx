import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { PeopleAddForm } from './PeopleAddForm.tsx'

const meta = {
  title: 'Admin/PeopleAddForm',
  component: PeopleAddForm,
  args: { onAdd: fn(() => Promise.resolve()) },
} satisfies Meta<typeof PeopleAddForm>

export default meta
type Story = StoryObj<typeof meta>

export const Blank: Story = {}

/** The service refuses: the email is taken. */
export const Refused: Story = { args: { onAdd: fn(() => Promise.reject(new Error('priya.raman@resonance.example can already sign in'))) } }

/** Never settles, to show the busy button. */
export const Adding: Story = { args: { onAdd: fn(() => new Promise(() => {})) } }
