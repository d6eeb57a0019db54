import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { hooks, purgeHook } from './Webhook.fixtures.ts'
import { WebhookList } from './WebhookList.tsx'

const meta = {
  title: 'Admin/WebhookList',
  component: WebhookList,
  args: { state: { status: 'ready', data: hooks }, onToggle: fn(), onDelete: fn(), onRetry: fn() },
} satisfies Meta<typeof WebhookList>

export default meta
type Story = StoryObj<typeof meta>

/** An enabled hook with a projection, and a disabled one with a long URL, drafts and failures. */
export const Hooks: Story = {}

export const LogOpen: Story = { args: { openId: purgeHook.id } }

export const Changing: Story = { args: { busyIds: new Set([purgeHook.id]) } }

export const Empty: Story = { args: { state: { status: 'ready', data: [] } } }

export const Loading: Story = { args: { state: { status: 'loading' } } }

export const Forbidden: Story = { args: { state: { status: 'error', message: 'Only an admin may manage webhooks.' }, onRetry: undefined } }
