import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ArticleData } from '../../content/article/article.ts'
import { ArticleStory } from './ArticleStory.tsx'
import { everyBlockType } from './PortableTextBody.stories.tsx'

const meta = {
  title: 'Reader/ArticleStory',
  component: ArticleStory,
} satisfies Meta<typeof ArticleStory>

export default meta
type Story = StoryObj<typeof meta>

// Asset ids of the demo newspaper: the pictures show when the demo service runs (`npm start`) and
// Storybook is started with VITE_SANITY_API_HOST=http://localhost:3000; otherwise only their frames.
const leadImage = {
  _type: 'image',
  asset: { _ref: 'image-c306716b7125cf6ec12e7ffef0437d5f78abb687-1600x900-jpg' },
  alt: 'Illustration of a busy street with a red bus and street lamps under a grey sky',
}
const portrait = { _type: 'image', asset: { _ref: 'image-d9d979cc8d0dcf4f18e3d597d7dc27f9534025e4-400x400-jpg' }, alt: 'Portrait of Priya Raman' }

const article: ArticleData = {
  _id: 'story',
  title: 'Thames Barrier closes twice in a week as spring tides meet storm surge',
  slug: 'thames-barrier-closes-twice',
  publishedAt: '2026-11-21T09:30:00Z',
  excerpt: 'Engineers say the <b>barrier</b> may close again on Sunday &amp; warn riverside residents to stay alert.',
  mainImage: leadImage,
  mediaType: 'article',
  author: { name: 'Priya Raman', slug: 'priya-raman', image: portrait },
  categories: [
    { _id: 'uk', title: 'UK', slug: 'uk', kind: 'section' },
    { _id: 'news', title: 'News', slug: 'news', kind: 'desk' },
    { _id: 'np', title: 'News & Politics', slug: 'news-politics', kind: 'topic' },
  ],
  body: everyBlockType,
}

export const EveryBlockType: Story = { args: { article } }
export const LongTitle: Story = {
  args: {
    article: {
      ...article,
      title:
        'After eighteen months of consultation, three public inquiries and a change of administration, the long-promised Bakerloo line extension to Lewisham is finally given a date, though few in south-east London are ready to believe it',
    },
  },
}
export const NoImage: Story = { args: { article: { ...article, mainImage: null } } }
export const NoAuthor: Story = { args: { article: { ...article, author: null } } }
export const AuthorWithoutPortrait: Story = { args: { article: { ...article, author: { name: 'Felix Armitage', slug: 'felix-armitage', image: null } } } }
export const VideoArticle: Story = {
  args: {
    article: {
      ...article,
      title: 'London Marathon: record 58,000 runners expected as road closures announced',
      mediaType: 'video',
      mainImage: { ...leadImage, caption: 'The Mall on race morning.', credit: 'Daniel Ferreira/Thames Pictures' },
      // A clip of the demo newspaper: it plays when Storybook reaches the demo service (see above).
      video: { asset: { _ref: 'file-0000000000000000000000000000000000000000-mp4' }, mimeType: 'video/mp4' },
    },
  },
}
/** An older video article that names an address elsewhere instead of an uploaded file: linked. */
export const VideoArticleLinkedElsewhere: Story = {
  args: {
    article: {
      ...article,
      mediaType: 'video',
      videoUrl: 'https://media.resonance.example/video/london-marathon.mp4',
    },
  },
}
/** A lead picture with its caption and the photographer's credit. */
export const CreditedPicture: Story = {
  args: { article: { ...article, mainImage: { ...leadImage, caption: 'Waterloo Bridge at rush hour.', credit: 'Mei Lin Ng/Resonance' } } },
}
export const NoCategoriesNoBody: Story = { args: { article: { ...article, categories: [], body: [], excerpt: null } } }

/** A live story changed after it went out, with a correction and a clarification at its foot. */
export const Amended: Story = {
  args: {
    article: {
      ...article,
      updatedAt: '2026-11-22T16:20:00Z',
      corrections: [
        { _key: 'c1', kind: 'correction', text: 'An earlier version said the barrier had closed three times; it closed twice.', date: '2026-11-22' },
        { _key: 'c2', kind: 'clarification', text: 'The Environment Agency, not the Port of London Authority, operates the barrier.', date: '2026-11-23' },
      ],
    },
  },
}
