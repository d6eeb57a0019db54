import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { Pagination } from '../ui/Pagination.tsx'
import { InboxList } from './InboxList.tsx'
import { inboxPage, messages } from './Newsroom.fixtures.ts'

const meta = {
  title: 'Admin/InboxList',
  component: InboxList,
  args: { state: { status: 'ready', data: inboxPage }, page: 1, show: 'all', onShow: fn(), onRetry: fn() },
} satisfies Meta<typeof InboxList>

export default meta
type Story = StoryObj<typeof meta>

/** Unread and read messages, one whose sender typed markup, one with no subject. */
export const Messages: Story = {}

/** As the page shows it, with the pages below. */
export const WithPages: Story = {
  args: { page: 2, pagination: <Pagination page={2} pageCount={3} label="Inbox pages" keepSearch pastTheEnd="leadBack" variant="admin" /> },
}

export const UnreadOnly: Story = {
  args: { show: 'unread', state: { status: 'ready', data: { ...inboxPage, messages: messages.filter((m) => m.readAt === null), total: 2, pageCount: 1 } } },
}

export const Loading: Story = { args: { state: { status: 'loading' } } }

/** Another page or filter loading: the rows stay, marked busy. */
export const Reloading: Story = { args: { busy: true } }

export const Empty: Story = { args: { state: { status: 'ready', data: { messages: [], page: 1, pageCount: 1, total: 0, unread: 0 } } } }

export const NothingUnread: Story = { args: { show: 'unread', state: { status: 'ready', data: { messages: [], page: 1, pageCount: 1, total: 0, unread: 0 } } } }

export const Failed: Story = { args: { state: { status: 'error', message: 'Could not reach the content service.' } } }
