import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn, userEvent, within } from 'storybook/test'
import { SubscribeBox } from './SubscribeBox.tsx'

const meta = {
  title: 'Reader/SubscribeBox',
  component: SubscribeBox,
  args: { onSubscribe: fn() },
} satisfies Meta<typeof SubscribeBox>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const Filled: Story = { args: { initialEmail: 'reader@example.com' } }

export const MissingEmail: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Subscribe' }))
  },
}

export const BadEmail: Story = {
  args: { initialEmail: 'reader@example' },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Subscribe' }))
  },
}

/** On a phone the button drops below the box. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
}
