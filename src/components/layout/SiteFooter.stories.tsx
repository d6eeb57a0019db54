import type { Meta, StoryObj } from '@storybook/react-vite'
import { SiteFooter } from './SiteFooter.tsx'

const meta = {
  title: 'Layout/SiteFooter',
  component: SiteFooter,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SiteFooter>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const NarrowScreen: Story = { globals: { viewport: { value: 'mobile2', isRotated: false } } }
