import type { Meta, StoryObj } from '@storybook/react-vite'
import { PhotoEssayList } from './PhotoEssayList.tsx'
import { sampleEssays, sampleNow } from './ListingFixtures.ts'

const meta = {
  title: 'Listings/PhotoEssayList',
  component: PhotoEssayList,
  args: { now: sampleNow, essays: sampleEssays },
} satisfies Meta<typeof PhotoEssayList>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const NoCoverOrPhotographer: Story = { args: { essays: sampleEssays.map((e) => ({ ...e, cover: null, photographer: null })) } }
export const LongTitle: Story = {
  args: {
    essays: [
      {
        ...sampleEssays[0]!,
        title: 'Under the floodlights: a season of non-league football from the Isthmian League to the FA Vase final at Wembley',
      },
    ],
  },
}
