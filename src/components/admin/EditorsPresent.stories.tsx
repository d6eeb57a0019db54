import type { Meta, StoryObj } from '@storybook/react-vite'
import { EditorsPresent } from './EditorsPresent.tsx'

const meta = {
  title: 'Admin/EditorsPresent',
  component: EditorsPresent,
  args: { editors: [], unavailable: false },
} satisfies Meta<typeof EditorsPresent>

export default meta
type Story = StoryObj<typeof meta>

const jane = { key: 'k1', name: 'jane.reed@resonance.test', role: 'editor', since: '2026-11-24T10:04:00Z' }
const omar = { key: 'k2', name: 'omar@resonance.test', role: 'contributor', since: '2026-11-24T10:12:00Z' }

/** Alone on the article: the live region is there, empty. */
export const Alone: Story = {}

/** Since when, on London's clock. */
export const OneOther: Story = { args: { editors: [jane] } }

export const SeveralOthers: Story = { args: { editors: [jane, omar, { ...omar, key: 'k3', name: 'sam@resonance.test', role: 'admin' }] } }

/** A long address wraps on a phone rather than widen the page. */
export const LongName: Story = { args: { editors: [{ ...jane, name: 'features-desk-weekend-cover.editor.on.call@resonance-newsroom.example' }] } }

/** The service could not be asked: silence would look like being alone. */
export const Unavailable: Story = { args: { unavailable: true } }

export const UnavailableWithOthers: Story = { args: { editors: [jane], unavailable: true } }
