import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { DeletedArticles } from './DeletedArticles.tsx'

const articles = [
  { id: 'a1', title: 'Night buses return to the Northern line', deletedAt: '24 Nov 2026, 09:41:07', deletedBy: 'priya.raman@resonance.test' },
  { id: 'a2', title: 'Untitled article', deletedAt: '20 Nov 2026, 17:03:20', deletedBy: 'API token' },
]

const meta = {
  title: 'Admin/DeletedArticles',
  component: DeletedArticles,
  args: { state: { status: 'ready', data: articles }, restoring: null, onRestore: fn(), onRetry: fn() },
} satisfies Meta<typeof DeletedArticles>

export default meta
type Story = StoryObj<typeof meta>

export const List: Story = {}
export const Loading: Story = { args: { state: { status: 'loading' } } }
export const Empty: Story = { args: { state: { status: 'ready', data: [] } } }
export const Failed: Story = { args: { state: { status: 'error', message: 'The content service could not be reached.' } } }
export const Restoring: Story = { args: { restoring: 'a1' } }
export const LongTitle: Story = {
  args: { state: { status: 'ready', data: [{ ...articles[0]!, title: 'A very long headline about the borough council’s decision to reopen the lido after a decade of campaigning by swimmers' }] } },
}
