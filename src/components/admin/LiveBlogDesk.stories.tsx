import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { deskMessages } from '../../content/admin/liveBlogDesk.ts'
import { EditorsPresent } from './EditorsPresent.tsx'
import { LiveBlogDesk } from './LiveBlogDesk.tsx'
import { deskData, deskProps, deskUpdates } from './LiveBlogDesk.fixtures.ts'

const meta = {
  title: 'Admin/LiveBlogDesk',
  component: LiveBlogDesk,
  args: deskProps(fn),
} satisfies Meta<typeof LiveBlogDesk>

export default meta
type Story = StoryObj<typeof meta>

/** An editor's desk on a running live blog: the composer, then the updates with a contributor's draft to publish. */
export const Live: Story = {}

/** A contributor: posts are drafts, and only their drafts have Edit and Delete. */
export const Contributor: Story = { args: { canPublish: false } }

/** An article that is not a live blog yet: one button. */
export const NotLive: Story = { args: { data: deskData({ isLiveBlog: false }, []) } }

export const Ended: Story = { args: { data: deskData({ endedAt: '2026-11-27T18:28:00Z' }) } }

export const Posting: Story = { args: { posting: true } }

export const Posted: Story = { args: { message: { tone: 'success', text: deskMessages.posted } } }

/** An update edited in place. */
export const Editing: Story = { args: { editing: deskUpdates[1]! } }

/** Someone else changed the update meanwhile: refused, the editor's text kept. */
export const EditConflict: Story = { args: { editing: deskUpdates[1]!, message: { tone: 'error', text: deskMessages.conflict } } }

export const ConfirmingDelete: Story = { args: { confirming: { kind: 'delete', update: deskUpdates[1]! } } }

export const ConfirmingEnd: Story = { args: { confirming: { kind: 'end' } } }

export const WithOthers: Story = {
  args: { notice: <EditorsPresent editors={[{ key: 'k1', name: 'jane.reed@resonance.test', role: 'editor', since: '2026-11-27T18:04:00Z' }]} /> },
}

/** A blog with more updates than the list holds: the newest are listed, and older ones one click away. */
export const WithOlder: Story = { args: { data: { ...deskData(), total: 2_000, older: true } } }

export const Loading: Story = { args: { status: 'loading', data: null } }

export const LoadFailed: Story = { args: { status: 'failed', data: null, loadError: deskMessages.loadFailed } }
