import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { HistoryPanel } from './HistoryPanel.tsx'
import { HistoryToolbar } from './HistoryToolbar.tsx'
import { revisions } from './HistoryPanel.fixtures.ts'

const meta = {
  title: 'Admin/HistoryToolbar',
  component: HistoryToolbar,
  args: { previewHref: '/article/night-buses-return?preview', historyOpen: false, onToggleHistory: fn() },
} satisfies Meta<typeof HistoryToolbar>

export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = {}
export const NoSlugYet: Story = { args: { previewHref: null } }
export const Open: Story = {
  args: {
    historyOpen: true,
    children: <HistoryPanel list={{ kind: 'ready', revisions }} viewed={null} restoring={false} restoreError={null} onRetry={fn()} onView={fn()} onRestore={fn()} />,
  },
}
