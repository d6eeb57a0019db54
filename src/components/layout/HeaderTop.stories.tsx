import type { Meta, StoryObj } from '@storybook/react-vite'
import { HeaderTop } from './HeaderTop.tsx'

// The header's top bar on its own: as the app runs it, and as a reader without JavaScript (or a document) gets it.
const meta = {
  title: 'Layout/HeaderTop',
  component: HeaderTop,
  args: { pathname: '/puzzles', href: '/puzzles' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HeaderTop>

export default meta
type Story = StoryObj<typeof meta>

export const Hydrated: Story = {}
export const WithoutJavaScript: Story = { args: { plainHtml: true } }
