import type { Meta, StoryObj } from '@storybook/react-vite'
import { PreviewBanner } from './PreviewBanner.tsx'

const meta = {
  title: 'Reader/PreviewBanner',
  component: PreviewBanner,
} satisfies Meta<typeof PreviewBanner>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: { kind: 'loading' } } }
export const Shown: Story = { args: { state: { kind: 'shown', editHref: '/admin/edit/articles/article-1' } } }
/** Hosted data may lack an id the editor can be linked to. */
export const ShownWithoutEditLink: Story = { args: { state: { kind: 'shown', editHref: null } } }
export const Failed: Story = { args: { state: { kind: 'failed', message: 'Your session has ended: sign in again to preview.' } } }
