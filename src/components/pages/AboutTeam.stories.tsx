import type { Meta, StoryObj } from '@storybook/react-vite'
import { AboutTeam } from './AboutTeam.tsx'

const meta = {
  title: 'Reader/AboutTeam',
  component: AboutTeam,
  args: {
    members: [
      { name: 'Eleanor Marsh', role: 'Editor', bio: 'Founded Resonance after twenty years on national and regional papers.' },
      { name: 'Priya Raman', role: 'Political Editor', bio: 'Has covered Westminster and City Hall for fifteen years.' },
      { name: 'Sinéad Byrne', role: 'Arts Editor', bio: 'Sees around two hundred shows a year.' },
    ],
  },
} satisfies Meta<typeof AboutTeam>

export default meta
type Story = StoryObj<typeof meta>

export const Team: Story = {}

export const NoBios: Story = { args: { members: [{ name: 'Felix Armitage', role: 'Travel Writer' }, { name: 'Kofi Mensah', role: 'Picture Editor' }] } }

export const LongNames: Story = {
  args: {
    members: [
      { name: 'Maximilian Fotheringham-Worthington', role: 'Deputy Chief Political Correspondent and Presenter of the Weekly Westminster Podcast', bio: 'A very long biography. '.repeat(8) },
    ],
  },
}

export const Empty: Story = { args: { members: [] } }
