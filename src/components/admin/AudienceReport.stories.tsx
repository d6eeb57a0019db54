import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { AudienceReport } from './AudienceReport.tsx'
import { nothingCounted, overview } from './Audience.fixtures.ts'

const meta = {
  title: 'Admin/AudienceReport',
  component: AudienceReport,
  parameters: { layout: 'padded' },
  args: { state: { status: 'ready', data: overview }, window: 'hour', onRetry: fn() },
} satisfies Meta<typeof AudienceReport>

export default meta
type Story = StoryObj<typeof meta>

export const ForAnEditor: Story = {}

export const ForAContributor: Story = { args: { state: { status: 'ready', data: { ...overview, scope: 'own', top: overview.top.slice(0, 1) } }, window: 'day' } }

export const NothingCountedYet: Story = { args: { state: { status: 'ready', data: nothingCounted } } }

export const RefreshFailed: Story = { args: { state: { status: 'ready', data: overview, refreshError: 'Could not reach the content service.' } } }

export const Loading: Story = { args: { state: { status: 'loading' } } }

export const Failed: Story = { args: { state: { status: 'error', message: 'Could not reach the content service.' } } }
