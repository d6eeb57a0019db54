import type { Meta, StoryObj } from '@storybook/react-vite'
import { AuthorPortrait } from '../authors/AuthorPortrait.tsx'
import { ListingGrid } from './ListingGrid.tsx'
import { ListingPage } from './ListingPage.tsx'
import { longTitleArticle, sampleArticles, sampleNow } from './ListingFixtures.ts'

const meta = {
  title: 'Listings/ListingPage',
  component: ListingPage,
  args: {
    title: 'UK',
    kicker: 'Section',
    description: 'News from London and across the United Kingdom.',
    total: 6,
    page: 1,
    pageSize: 12,
    path: '/uk',
    emptyMessage: 'No articles in UK yet.',
    children: <ListingGrid articles={sampleArticles} now={sampleNow} />,
  },
} satisfies Meta<typeof ListingPage>

export default meta
type Story = StoryObj<typeof meta>

export const OnePage: Story = {}
export const ManyPages: Story = { args: { title: 'News', kicker: 'Desk', total: 310, page: 7 } }
export const LongTitle: Story = {
  args: {
    title: 'Business, Money, Markets, the City and Everything Else That Costs More Than It Did Last Year',
    children: <ListingGrid articles={[longTitleArticle, ...sampleArticles.slice(0, 2)]} now={sampleNow} />,
  },
}
export const NoImagesOrAuthors: Story = {
  args: { children: <ListingGrid articles={sampleArticles.map((a) => ({ ...a, mainImage: null, author: null }))} now={sampleNow} /> },
}
export const Empty: Story = {
  args: {
    title: 'Puzzles',
    kicker: 'Desk',
    description: 'Crosswords, quizzes and brain-teasers, coming soon.',
    total: 0,
    emptyMessage: 'No articles in Puzzles yet.',
    emptyDetail: 'Our crosswords and quizzes are on their way.',
    children: null,
  },
}
export const PastTheLastPage: Story = { args: { total: 30, page: 9, children: null } }
/** An author's page: their portrait beside the heading and their bio under it. */
export const WithPicture: Story = {
  args: {
    title: 'Priya Raman',
    kicker: 'Author',
    description: 'Political editor. Priya has covered Westminster and City Hall for fifteen years and presents our weekly politics podcast.',
    path: '/author/priya-raman',
    picture: <AuthorPortrait image={{ asset: { _ref: 'image-d9d979cc8d0dcf4f18e3d597d7dc27f9534025e4-400x400-jpg' } }} />,
    emptyMessage: 'No articles by Priya Raman yet.',
  },
}
