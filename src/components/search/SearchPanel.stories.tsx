import type { Meta, StoryObj } from '@storybook/react-vite'
import { SearchPanel } from './SearchPanel.tsx'

const meta = {
  title: 'Layout/SearchPanel',
  component: SearchPanel,
  args: { label: 'Site search' },
} satisfies Meta<typeof SearchPanel>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const WithText: Story = { args: { label: 'Search articles', defaultValue: 'Thames barrier' } }
export const LongText: Story = {
  args: { defaultValue: 'Bakerloo line extension to Lewisham consultation results and the timetable for the first trains south of Elephant & Castle' },
}
export const NarrowScreen: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } }
