import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn, userEvent, within } from 'storybook/test'
import { SectionManager } from './SectionManager.tsx'
import { featuredArticles, draftArticle, editedArticle, galleries, leadArticle, longArticle, uncategorisedArticle } from './AdminDashboard.fixtures.ts'

const items = [leadArticle, editedArticle, draftArticle, uncategorisedArticle, longArticle]

const meta = {
  title: 'Admin/SectionManager',
  component: SectionManager,
  args: { sectionType: 'featured', state: { status: 'ready', data: { total: items.length, items } }, onDelete: fn(async () => {}), onRetry: fn() },
} satisfies Meta<typeof SectionManager>

export default meta
type Story = StoryObj<typeof meta>

/** Articles with a draft, a published article with draft changes, no category and a long title. */
export const Articles: Story = {}

/** What a contributor sees: Edit for articles, nothing they may not do. */
export const ForAContributor: Story = { args: { canPublish: false } }

export const ImageGalleries: Story = { args: { sectionType: 'images', state: { status: 'ready', data: { total: galleries.length, items: galleries } } } }

/** More than the manager lists at once. */
export const Trending: Story = { args: { sectionType: 'trending', state: { status: 'ready', data: { total: 154, items: featuredArticles } } } }

export const Loading: Story = { args: { sectionType: 'videos', state: { status: 'loading' } } }

export const Empty: Story = { args: { sectionType: 'videos', state: { status: 'ready', data: { total: 0, items: [] } } } }

export const Failed: Story = { args: { sectionType: 'latest', state: { status: 'error', message: 'Request error while attempting to reach http://localhost:3000' } } }

export const InvalidSection: Story = { args: { sectionType: null, state: { status: 'loading' } } }

export const ConfirmOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: `Delete “${leadArticle.title}”` }))
  },
}
