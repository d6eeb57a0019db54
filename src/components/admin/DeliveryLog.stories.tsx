import type { Meta, StoryObj } from '@storybook/react-vite'
import { DeliveryLog } from './DeliveryLog.tsx'
import { deliveries, keptEdition, sentEdition, stories } from './Newsletters.fixtures.ts'

const meta = {
  title: 'Admin/DeliveryLog',
  component: DeliveryLog,
  args: { edition: sentEdition, stories: stories.slice(0, 2), deliveries: { status: 'ready', data: deliveries }, page: 1 },
} satisfies Meta<typeof DeliveryLog>

export default meta
type Story = StoryObj<typeof meta>

export const Sent: Story = {}

export const Sending: Story = { args: { edition: { ...sentEdition, state: 'sending', finishedAt: null, counts: { ...sentEdition.counts, total: 400, sent: 118, waiting: 280 } } } }

/** No mail server: kept, not sent. */
export const Kept: Story = { args: { edition: keptEdition, deliveries: { status: 'ready', data: { deliveries: [], page: 1, pageCount: 1, total: 0 } } } }

export const LogFailedToLoad: Story = { args: { deliveries: { status: 'error', message: 'Could not reach the content service.' } } }

/** Past NEWSLETTER_LOG_DAYS: the per-subscriber rows are gone, the counts stay. */
export const LogRemoved: Story = {
  args: {
    edition: { ...sentEdition, logRemovedAt: '2026-12-20T08:00:00Z' },
    deliveries: { status: 'ready', data: { deliveries: [], page: 1, pageCount: 1, total: 0 } },
  },
}
