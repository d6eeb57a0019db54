import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { DraftVersusLive } from './DraftVersusLive.tsx'
import { draftChanges } from './DraftVersusLive.fixtures.ts'

const meta = {
  title: 'Admin/DraftVersusLive',
  component: DraftVersusLive,
  args: { changes: draftChanges, stale: false, kept: false, canPublish: true, busy: false, onPublish: fn(), onDiscard: fn(), onKeepEditing: fn() },
} satisfies Meta<typeof DraftVersusLive>

export default meta
type Story = StoryObj<typeof meta>

/** A draft made from what readers see now: Publish, Discard draft or Keep editing. */
export const Fresh: Story = {}

/** Made from an older published version: said in words, and no Publish until the editor keeps editing it. */
export const Stale: Story = { args: { stale: true } }

/** The editor chose Keep editing: the comparison folds away, the choices stay. */
export const Kept: Story = { args: { kept: true } }

/** A contributor is offered no Publish. */
export const Contributor: Story = { args: { canPublish: false } }

export const SameAsPublished: Story = { args: { changes: [] } }
