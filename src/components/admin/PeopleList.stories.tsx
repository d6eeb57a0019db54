import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { PeopleList } from './PeopleList.tsx'
import { manyPeople, people, selfId } from './PeopleList.fixtures.ts'

const done = () => Promise.resolve()

const meta = {
  title: 'Admin/PeopleList',
  component: PeopleList,
  args: {
    state: { status: 'ready', data: people },
    selfId,
    onAdd: fn(done),
    onChangeRole: fn(done),
    onResetPassword: fn(done),
    onEndSessions: fn(done),
    onRemove: fn(done),
    onRetry: fn(),
  },
} satisfies Meta<typeof PeopleList>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}

export const Loading: Story = { args: { state: { status: 'loading' } } }

export const LoadFailed: Story = { args: { state: { status: 'error', message: 'Only an admin manages people.' } } }

export const Empty: Story = { args: { state: { status: 'ready', data: [] } } }

export const Many: Story = { args: { state: { status: 'ready', data: manyPeople } } }

/** The only admin: their role cannot be changed and they cannot be removed. */
export const OnlyAdmin: Story = { args: { state: { status: 'ready', data: people.slice(0, 1) } } }

/** Adding someone whose address already has an account. */
export const AddRefused: Story = { args: { onAdd: fn(() => Promise.reject(new Error('priya.raman@resonance.example can already sign in'))) } }
