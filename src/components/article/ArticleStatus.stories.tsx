import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { ArticleStatus } from './ArticleStatus.tsx'

const meta = {
  title: 'Reader/ArticleStatus',
  component: ArticleStatus,
} satisfies Meta<typeof ArticleStatus>

export default meta
type Story = StoryObj<typeof meta>

export const InvalidSlug: Story = { args: { state: { kind: 'invalidSlug' } } }
export const Failed: Story = { args: { state: { kind: 'error', message: 'Request error while attempting to reach http://localhost:3000', onRetry: fn() } } }
export const FailedWithoutRetry: Story = { args: { state: { kind: 'error', message: 'Dataset "production" not found' } } }
export const NotFound: Story = { args: { state: { kind: 'notFound' } } }
