import type { Meta, StoryObj } from '@storybook/react-vite'
import { MobileMenu } from './MobileMenu.tsx'

const meta = {
  title: 'Layout/MobileMenu',
  component: MobileMenu,
  args: { id: 'site-menu', open: true, pathname: '/culture' },
  parameters: { layout: 'fullscreen' },
  // The menu exists only on small screens.
  globals: { viewport: { value: 'mobile2', isRotated: false } },
} satisfies Meta<typeof MobileMenu>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {}
export const SmallestScreen: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } }
export const Closed: Story = { args: { open: false } }
