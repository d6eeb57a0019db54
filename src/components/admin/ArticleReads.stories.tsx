import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { ArticleReads } from './ArticleReads.tsx'
import { articleReads, hoursOf, sourcesOf } from './Audience.fixtures.ts'

const meta = {
  title: 'Admin/ArticleReads',
  component: ArticleReads,
  parameters: { layout: 'padded' },
  args: { state: { status: 'ready', data: articleReads }, onRetry: fn() },
} satisfies Meta<typeof ArticleReads>

export default meta
type Story = StoryObj<typeof meta>

export const Read: Story = {}

export const NoReadsYet: Story = {
  args: { state: { status: 'ready', data: { ...articleReads, totals: { last5Minutes: 0, lastHour: 0, lastDay: 0, allTime: 0 }, hours: hoursOf([]), sources: sourcesOf(0, 0, 0, 0, 0, 0) } } },
}

export const Loading: Story = { args: { state: { status: 'loading' } } }

export const Failed: Story = { args: { state: { status: 'error', message: 'Could not reach the content service.' } } }
