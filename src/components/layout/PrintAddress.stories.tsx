import type { Meta, StoryObj } from '@storybook/react-vite'
import { PrintAddress } from './PrintAddress.tsx'

// The address is printed only: emulate print media (the browser's rendering tools) to see it.
const meta = {
  title: 'Layout/PrintAddress',
  component: PrintAddress,
  args: { origin: 'https://resonance.example', path: '/article/thames-barrier-to-close-for-winter-tests' },
} satisfies Meta<typeof PrintAddress>

export default meta
type Story = StoryObj<typeof meta>

export const Article: Story = {}
export const LongAddress: Story = { args: { path: `/search?q=${'thames '.repeat(20).trim().replace(/ /g, '+')}` } }
