import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { SiteHeader } from './SiteHeader.tsx'

const meta = {
  title: 'Layout/SiteHeader',
  component: SiteHeader,
  args: { date: new Date(2026, 10, 21) },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SiteHeader>

export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = {}

export const SearchOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The router in the story decorator renders asynchronously, hence `find`.
    await userEvent.click(await canvas.findByRole('button', { name: 'Search Resonance' }))
    await expect(canvas.getByRole('searchbox')).toHaveFocus()
  },
}

export const NarrowScreen: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
}

export const MenuOpenOnNarrowScreen: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Menu' }))
    await expect(canvas.getByRole('heading', { name: 'Main Sections' })).toBeVisible()
  },
}

export const SearchOpenOnNarrowScreen: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: SearchOpen.play,
}

/** As a reader without JavaScript gets it: the menu and the search are <details>. */
export const WithoutJavaScript: Story = {
  args: { plainHtml: true },
}

export const WithoutJavaScriptMenuOpen: Story = {
  args: { plainHtml: true },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByText('Menu'))
    await expect(canvas.getByRole('heading', { name: 'Main Sections' })).toBeVisible()
  },
}

export const WithoutJavaScriptSearchOpen: Story = {
  args: { plainHtml: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const toggle = (await canvas.findAllByText('Search')).find((text) => text.closest('summary'))!
    await userEvent.click(toggle)
    await expect(canvas.getByRole('search', { name: 'Site search' })).toBeVisible()
  },
}
