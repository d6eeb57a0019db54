import type { Meta, StoryObj } from '@storybook/react-vite'
import { ContactDetails } from './ContactDetails.tsx'

const meta = { title: 'Reader/ContactDetails', component: ContactDetails } satisfies Meta<typeof ContactDetails>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

/** The narrow column it gets on a phone: long addresses must wrap, not overflow. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 280 }}>
        <Story />
      </div>
    ),
  ],
}
