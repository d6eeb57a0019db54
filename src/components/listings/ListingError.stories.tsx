import type { Meta, StoryObj } from '@storybook/react-vite'
import { ListingError } from './ListingError.tsx'

const meta = {
  title: 'Listings/ListingError',
  component: ListingError,
  args: { onRetry: () => {} },
} satisfies Meta<typeof ListingError>

export default meta
type Story = StoryObj<typeof meta>

export const ServerError: Story = { args: { message: 'Request failed with status 503' } }
export const Offline: Story = { args: { message: 'Failed to fetch' } }
export const LongMessage: Story = {
  args: {
    message:
      'The content service took too long to answer and the request was abandoned after five minutes; the newsroom has been told and the page should be back shortly',
  },
}
