import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { PublishSchedule } from './PublishSchedule.tsx'

const meta = {
  title: 'Admin/PublishSchedule',
  component: PublishSchedule,
  args: { scheduled: null, offered: true, when: 'now', at: '', error: null, busy: false, onWhenChange: fn(), onAtChange: fn(), onCancelSchedule: fn() },
} satisfies Meta<typeof PublishSchedule>

export default meta
type Story = StoryObj<typeof meta>

export const PublishNow: Story = {}
export const ScheduleFor: Story = { args: { when: 'later', at: '2026-12-01T07:00' } }
export const TimeInThePast: Story = { args: { when: 'later', at: '2020-01-01T07:00', error: 'Choose a time in the future.' } }
export const Scheduled: Story = { args: { scheduled: { id: 'sch-1', executeAt: '2026-12-01T07:00:00.000Z' }, offered: false } }
export const Cancelling: Story = { args: { scheduled: { id: 'sch-1', executeAt: '2026-07-01T06:00:00.000Z' }, offered: false, busy: true } }
export const AlreadyLive: Story = { args: { offered: false } }
/** A live article's changes, to be published over it at a time. */
export const ChangesToLiveArticle: Story = { args: { live: true, when: 'later', at: '2026-12-01T07:00' } }
export const ChangesScheduled: Story = { args: { live: true, scheduled: { id: 'sch-2', executeAt: '2026-12-01T07:00:00.000Z' }, offered: false } }
