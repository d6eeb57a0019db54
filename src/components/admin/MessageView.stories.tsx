import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { MessageView } from './MessageView.tsx'
import { messages } from './Newsroom.fixtures.ts'

const [bus, markup, read, blank] = messages

const meta = {
  title: 'Admin/MessageView',
  component: MessageView,
  args: { state: { status: 'ready', data: { ...bus!, readAt: '2026-11-21T07:00:00Z' } }, back: {}, onMarkUnread: fn(async () => {}), onRetry: fn() },
} satisfies Meta<typeof MessageView>

export default meta
type Story = StoryObj<typeof meta>

/** Just opened, so read: with line breaks kept, a reply link and Mark as unread. */
export const Opened: Story = {}

/** A long message read earlier. */
export const LongMessage: Story = { args: { state: { status: 'ready', data: read! } } }

/** Markup a reader typed shows as the characters they typed. */
export const TypedMarkup: Story = { args: { state: { status: 'ready', data: { ...markup!, readAt: '2026-11-21T07:00:00Z' } } } }

/** No subject, and an address that is not one: no reply link. */
export const NoSubjectNoAddress: Story = { args: { state: { status: 'ready', data: blank! } } }

export const Loading: Story = { args: { state: { status: 'loading' } } }

export const NotFound: Story = { args: { state: { status: 'error', message: 'Message not found' } } }
