import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { Pagination } from '../ui/Pagination.tsx'
import { logPage } from './Webhook.fixtures.ts'
import { WebhookDeliveries } from './WebhookDeliveries.tsx'

const meta = {
  title: 'Admin/WebhookDeliveries',
  component: WebhookDeliveries,
  args: { state: { status: 'ready', data: logPage }, onRetry: fn() },
} satisfies Meta<typeof WebhookDeliveries>

export default meta
type Story = StoryObj<typeof meta>

/** Waiting for a retry, failed for good, and delivered. */
export const Deliveries: Story = {}

export const WithPages: Story = {
  args: {
    state: { status: 'ready', data: { ...logPage, page: 2, pageCount: 3, total: 53 } },
    pagination: <Pagination page={2} pageCount={3} label="Delivery log pages" keepSearch pastTheEnd="leadBack" variant="admin" />,
  },
}

export const NothingSent: Story = { args: { state: { status: 'ready', data: { ...logPage, deliveries: [], total: 0 } } } }

export const Loading: Story = { args: { state: { status: 'loading' }, name: 'Purge the edge cache' } }

export const Failed: Story = { args: { state: { status: 'error', message: 'No such webhook' } } }
