import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { Pagination } from '../ui/Pagination.tsx'
import { subscriberPage, subscribers } from './Newsroom.fixtures.ts'
import { SubscriberTable } from './SubscriberTable.tsx'

const meta = {
  title: 'Admin/SubscriberTable',
  component: SubscriberTable,
  args: { state: { status: 'ready', data: subscriberPage }, page: 1, status: 'all', onStatus: fn(), onExport: fn(async () => {}), onRetry: fn() },
} satisfies Meta<typeof SubscriberTable>

export default meta
type Story = StoryObj<typeof meta>

/** Pending, confirmed and unsubscribed, one with a very long address. */
export const Subscribers: Story = {}

/** As the page shows it, with the pages below. */
export const WithPages: Story = {
  args: { page: 2, pagination: <Pagination page={2} pageCount={3} label="Subscriber pages" keepSearch pastTheEnd="leadBack" variant="admin" /> },
}

export const Confirmed: Story = {
  args: { status: 'confirmed', state: { status: 'ready', data: { ...subscriberPage, subscribers: [subscribers[1]!], total: 1, pageCount: 1 } } },
}

/** Export CSV while the file is on its way. */
export const Exporting: Story = { args: { onExport: fn(() => new Promise<void>(() => {})) } }

export const Loading: Story = { args: { state: { status: 'loading' } } }

export const Reloading: Story = { args: { busy: true } }

export const Empty: Story = {
  args: { state: { status: 'ready', data: { subscribers: [], page: 1, pageCount: 1, total: 0, counts: { pending: 0, confirmed: 0, unsubscribed: 0 } } } },
}

export const Failed: Story = { args: { state: { status: 'error', message: 'The content service answered 502 Bad Gateway.' } } }
