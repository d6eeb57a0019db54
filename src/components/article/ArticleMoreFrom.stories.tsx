import type { Meta, StoryObj } from '@storybook/react-vite'
import type { MoreFromArticle } from '../../content/article/article.ts'
import { ArticleMoreFrom } from './ArticleMoreFrom.tsx'

const meta = {
  title: 'Reader/ArticleMoreFrom',
  component: ArticleMoreFrom,
} satisfies Meta<typeof ArticleMoreFrom>

export default meta
type Story = StoryObj<typeof meta>

const category = { title: 'UK', href: '/uk' }
// Asset ids of the demo newspaper: the pictures show when the demo service runs (`npm start`) and
// Storybook is started with VITE_SANITY_API_HOST=http://localhost:3000; otherwise only their frames.
const image = (ref: string) => ({ asset: { _ref: ref } })
const articles: MoreFromArticle[] = [
  { _id: '1', title: 'Council budget vote delayed by a week', slug: 'council-budget', publishedAt: '2026-11-21T08:00:00Z', mainImage: image('image-bd6d2e42b605ffc608e64148b8ce0924f5f37f6a-1600x900-jpg') },
  { _id: '2', title: 'Night buses return to six routes in Hackney', slug: 'night-buses', publishedAt: '2026-11-20T18:00:00Z', mainImage: image('image-35120c267fa870bb30c2afcca458ce6176658e36-1600x900-jpg') },
  { _id: '3', title: 'Lambeth opens its first community fridge', slug: 'community-fridge', publishedAt: '2026-11-19T10:00:00Z', mainImage: null },
  { _id: '4', title: 'Thames Path closed at Wapping for repairs', slug: 'thames-path', publishedAt: '2026-11-18T07:00:00Z', mainImage: image('image-c306716b7125cf6ec12e7ffef0437d5f78abb687-1600x900-jpg') },
]

export const FourArticles: Story = { args: { category, articles } }
export const Loading: Story = { args: { category, articles: null } }
export const OneWithoutImage: Story = { args: { category, articles: articles.slice(2, 3) } }
export const LongTitle: Story = {
  args: {
    category,
    articles: [
      {
        ...articles[0]!,
        title:
          'After eighteen months of consultation, three public inquiries and a change of administration, the long-promised Bakerloo line extension to Lewisham is finally given a date',
      },
      ...articles.slice(1, 3),
    ],
  },
}
export const CategoryWithoutListing: Story = { args: { category: { title: 'Letters', href: null }, articles } }
// Renders nothing: the story shows that an empty category leaves no heading behind.
export const Empty: Story = { args: { category, articles: [] } }
