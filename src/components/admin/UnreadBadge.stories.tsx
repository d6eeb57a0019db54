import type { Meta, StoryObj } from '@storybook/react-vite'
import './AdminLayout.css'
import { UnreadBadge } from './UnreadBadge.tsx'

const meta = {
  title: 'Admin/UnreadBadge',
  component: UnreadBadge,
  args: { count: 3 },
  // Shown as the side navigation shows it: on the Inbox link, current and not.
  render: (args) => (
    <nav className="admin-layout__nav" aria-label="Admin">
      <ul>
        <li>
          <a href="#inbox">
            Inbox
            <UnreadBadge {...args} />
          </a>
        </li>
        <li>
          <a href="#inbox-current" aria-current="page">
            Inbox
            <UnreadBadge {...args} />
          </a>
        </li>
      </ul>
    </nav>
  ),
} satisfies Meta<typeof UnreadBadge>

export default meta
type Story = StoryObj<typeof meta>

export const SomeUnread: Story = {}

export const Many: Story = { args: { count: 250 } }

export const NoneUnread: Story = { args: { count: 0 } }
