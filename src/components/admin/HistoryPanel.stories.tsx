import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { HistoryPanel } from './HistoryPanel.tsx'
import { revisions, viewedFirst } from './HistoryPanel.fixtures.ts'

const meta = {
  title: 'Admin/HistoryPanel',
  component: HistoryPanel,
  args: {
    list: { kind: 'ready', revisions },
    viewed: null,
    restoring: false,
    restoreError: null,
    onRetry: fn(),
    onView: fn(),
    onRestore: fn(),
  },
} satisfies Meta<typeof HistoryPanel>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { list: { kind: 'loading' } } }
export const Empty: Story = { args: { list: { kind: 'ready', revisions: [] } } }
export const List: Story = {}
export const ListFailed: Story = { args: { list: { kind: 'failed', message: 'The content service could not be reached.' } } }
export const ViewingLoading: Story = { args: { viewed: { kind: 'loading', id: 'tx-1' } } }
/** An earlier version, read-only, with what changed since: fields and the body's text. */
export const ViewingWithDiff: Story = { args: { viewed: viewedFirst } }
/** The newest revision is the current version: nothing to restore. */
export const ViewingCurrent: Story = { args: { viewed: { kind: 'ready', id: 'tx-3', article: viewedFirst.kind === 'ready' ? viewedFirst.article : null, changes: [] } } }
export const ViewingDeleted: Story = { args: { viewed: { kind: 'ready', id: 'tx-2', article: null, changes: [] } } }
export const ViewingFailed: Story = { args: { viewed: { kind: 'failed', id: 'tx-1', message: 'Revision "tx-1" not found' } } }
export const Restoring: Story = { args: { viewed: viewedFirst, restoring: true } }
export const RestoreFailed: Story = {
  args: { viewed: viewedFirst, restoreError: 'Someone else saved this article while you were editing. Your text is kept: copy what you need, then reload to see their version.' },
}
export const LongAuthor: Story = {
  args: { list: { kind: 'ready', revisions: [{ id: 'tx-9', time: '24 Nov 2026, 09:41:07', author: 'alexandra.wilhelmina.fitzgerald-montgomery-ashworth@resonance.test' }] } },
}
