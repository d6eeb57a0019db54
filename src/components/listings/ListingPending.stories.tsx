import type { Meta, StoryObj } from '@storybook/react-vite'
import { ListingPending } from './ListingPending.tsx'

const meta = {
  title: 'Listings/ListingPending',
  component: ListingPending,
} satisfies Meta<typeof ListingPending>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = {}
export const LoadingTheArchive: Story = { args: { label: 'Loading the archive…' } }
