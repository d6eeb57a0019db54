import type { Meta, StoryObj } from '@storybook/react-vite'
import { HomePage } from './HomePage.tsx'
import { longTitle, sampleHomepage, story } from './HomePage.fixtures.ts'

const now = new Date(Date.UTC(2026, 10, 21, 9, 30))

const meta = {
  title: 'Reader/HomePage',
  component: HomePage,
  parameters: { layout: 'fullscreen' },
  args: { homepage: sampleHomepage(), status: 'live', pollSeconds: 10, onRetry: () => {}, now },
} satisfies Meta<typeof HomePage>

export default meta
type Story = StoryObj<typeof meta>

export const Live: Story = {}
export const FirstFetchFailed: Story = { args: { homepage: null, status: 'connecting' } }
export const Polling: Story = { args: { status: 'polling' } }
export const OfflineWithStories: Story = { args: { status: 'offline' } }
export const OfflineBeforeFirstLoad: Story = { args: { homepage: null, status: 'offline' } }
export const Empty: Story = {
  args: { homepage: { sections: { breaking: null, lead: null, featured: [], latest: [], videos: [], trending: [] }, violations: [], warnings: [] } },
}

const base = sampleHomepage()
export const LongTitles: Story = {
  args: {
    homepage: {
      ...base,
      sections: {
        ...base.sections,
        breaking: story({ title: longTitle }),
        lead: story({ title: longTitle, mediaType: 'video' }),
        featured: base.sections.featured.map((a) => ({ ...a, title: longTitle })),
      },
    },
  },
}
export const NoImagesNoAuthors: Story = {
  args: {
    homepage: {
      ...base,
      sections: {
        ...base.sections,
        lead: story({ mainImage: null, author: null }),
        featured: base.sections.featured.map((a) => ({ ...a, mainImage: null, author: null })),
        videos: base.sections.videos.map((a) => ({ ...a, mainImage: null })),
      },
    },
  },
}
export const NoBreakingNewsOneVideo: Story = {
  args: { homepage: { ...base, sections: { ...base.sections, breaking: null, videos: base.sections.videos.slice(0, 1) } } },
}
