import type { Meta, StoryObj } from '@storybook/react-vite'
import { SectionLinks } from './SectionLinks.tsx'
import './SectionManager.css'

const meta = {
  title: 'Admin/SectionLinks',
  component: SectionLinks,
} satisfies Meta<typeof SectionLinks>

export default meta
type Story = StoryObj<typeof meta>

export const Unstyled: Story = {}

/** As the invalid-section page draws them: buttons in a row. */
export const AsButtons: Story = { args: { className: 'section-manager__sections' } }
