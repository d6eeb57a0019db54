import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { Pagination } from '../ui/Pagination.tsx'
import { outboxPage } from './Newsroom.fixtures.ts'
import { OutboxList } from './OutboxList.tsx'

const meta = {
  title: 'Admin/OutboxList',
  component: OutboxList,
  args: { state: { status: 'ready', data: outboxPage }, page: 1, onRetry: fn() },
} satisfies Meta<typeof OutboxList>

export default meta
type Story = StoryObj<typeof meta>

/** No SMTP server configured: the page says nothing is sent. Held, failed and sent emails. */
export const NotSending: Story = {}

export const Sending: Story = { args: { state: { status: 'ready', data: { ...outboxPage, delivery: 'smtp' } } } }

/** As the page shows it, with the pages below. */
export const WithPages: Story = {
  args: { page: 2, pagination: <Pagination page={2} pageCount={2} label="Outbox pages" keepSearch pastTheEnd="leadBack" variant="admin" /> },
}

export const Loading: Story = { args: { state: { status: 'loading' } } }

export const Empty: Story = { args: { state: { status: 'ready', data: { emails: [], page: 1, pageCount: 1, total: 0, delivery: 'outbox' } } } }

export const Failed: Story = { args: { state: { status: 'error', message: 'Could not reach the content service.' } } }
