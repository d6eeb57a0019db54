import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { MorningBriefingActions } from './MorningBriefingActions.tsx'
import { preview } from './Newsletters.fixtures.ts'

const meta = {
  title: 'Admin/MorningBriefingActions',
  component: MorningBriefingActions,
  args: {
    preview: null,
    message: null,
    busy: null,
    confirming: false,
    recipients: 1204,
    testAddress: 'editor@resonance.example',
    onPreview: fn(),
    onClosePreview: fn(),
    onTest: fn(),
    onAskSend: fn(),
    onConfirmSend: fn(),
    onCancelSend: fn(),
  },
} satisfies Meta<typeof MorningBriefingActions>

export default meta
type Story = StoryObj<typeof meta>

export const Actions: Story = {}

export const Previewed: Story = { args: { preview: { ...preview, empty: false }, message: { tone: 'done', text: 'Test sent to editor@resonance.example.' } } }

/** The service refused: today's was made already. */
export const Refused: Story = { args: { message: { tone: 'problem', text: 'No Morning Briefing sent: the Morning Briefing of 2026-11-27 has already been made' } } }

export const Asking: Story = { args: { confirming: true } }
