import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { NewsletterEditions } from './NewsletterEditions.tsx'
import { newslettersPage } from './Newsletters.fixtures.ts'

const meta = {
  title: 'Admin/NewsletterEditions',
  component: NewsletterEditions,
  args: { state: { status: 'ready', data: newslettersPage }, onRetry: fn() },
} satisfies Meta<typeof NewsletterEditions>

export default meta
type Story = StoryObj<typeof meta>

export const Editions: Story = {}

/** No SMTP_URL: every send is kept, not sent. */
export const NoMailServer: Story = { args: { state: { status: 'ready', data: { ...newslettersPage, delivery: 'outbox', editions: [], total: 0 } } } }

export const Loading: Story = { args: { state: { status: 'loading' } } }

export const LoadFailed: Story = { args: { state: { status: 'error', message: 'Could not reach the content service.' } } }
