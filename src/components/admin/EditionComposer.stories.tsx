import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { emptyDraft } from '../../content/admin/newsletters.ts'
import { EditionComposer } from './EditionComposer.tsx'
import { preview, stories } from './Newsletters.fixtures.ts'

const draft = { subject: 'A week of the night economy', intro: 'Five stories our editors chose for you.', stories: stories.slice(0, 2) }

const meta = {
  title: 'Admin/EditionComposer',
  component: EditionComposer,
  args: {
    mode: 'new',
    draft: emptyDraft,
    errors: {},
    preview: null,
    message: null,
    busy: null,
    confirming: false,
    scheduled: null,
    recipients: 1234,
    testAddress: 'editor@resonance.example',
    search: { q: '', results: { status: 'ready', data: stories } },
    onSearch: fn(),
    onEdit: fn(),
    onSave: fn(),
    onPreview: fn(),
    onTest: fn(),
    onAskSend: fn(),
    onConfirmSend: fn(),
    onCancelSend: fn(),
    onSchedule: fn(),
    onUnschedule: fn(),
  },
} satisfies Meta<typeof EditionComposer>

export default meta
type Story = StoryObj<typeof meta>

export const New: Story = {}

export const WithPreview: Story = { args: { mode: 'edit', draft, preview, message: { tone: 'done', text: 'Draft saved.' } } }

export const AskingToSend: Story = { args: { mode: 'edit', draft, confirming: true } }

export const Scheduled: Story = { args: { mode: 'edit', draft, scheduled: '2026-11-29T08:00:00Z' } }

export const Refused: Story = {
  args: { errors: { subject: 'Please enter a subject.', stories: 'Please pick at least one story.' }, message: { tone: 'problem', text: 'Someone saved this edition after you opened it: reload it to see their changes before saving yours' } },
}
