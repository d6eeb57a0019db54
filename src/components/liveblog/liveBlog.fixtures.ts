// A live blog's page as the queries return it, for the live blog components' stories and tests.

import type { ArticleData } from '../../content/article/article.ts'
import type { LiveBlogPage, LiveUpdateData } from '../../content/liveblog/liveBlog.ts'

export const fixtureNow = new Date('2026-11-27T18:30:00.000Z')

const block = (text: string) => ({ _type: 'block', _key: text.slice(0, 8), style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] })
const at = (minutesAgo: number) => new Date(fixtureNow.getTime() - minutesAgo * 60_000).toISOString()

export const fixtureUpdates: LiveUpdateData[] = [
  {
    _id: 'u3',
    headline: 'Gusts of 68mph recorded at Canary Wharf',
    publishedAt: at(7),
    body: [block('The strongest gust so far, 68mph, was recorded at Canary Wharf a few minutes ago, the Met Office says.')],
    isKeyEvent: true,
    author: { name: 'Tom Whitcombe', slug: 'tom-whitcombe' },
  },
  {
    _id: 'u2',
    publishedAt: at(41),
    updatedAt: at(29),
    body: [block('Readers in Lewisham tell us that several trees are down on the South Circular near Catford.')],
    author: { name: 'Priya Raman', slug: 'priya-raman' },
  },
  {
    _id: 'u1',
    headline: 'Where to find the latest travel advice',
    publishedAt: at(131),
    body: [block('Check before you travel, allow extra time, and avoid the river paths.')],
    isPinned: true,
    author: null,
  },
]

export const fixturePage: LiveBlogPage = {
  total: 45,
  page: null,
  updates: fixtureUpdates,
  pinned: fixtureUpdates[2] ?? null,
  keyEvents: [
    { id: 'u3', title: 'Gusts of 68mph recorded at Canary Wharf', publishedAt: at(7), href: '#update-u3' },
    { id: 'u0', title: 'Amber warning for wind across London', publishedAt: at(1500), href: '/article/storm-live?update=u0#update-u0' },
  ],
  newerHref: null,
  olderHref: '/article/storm-live?page=1',
  path: '/article/storm-live',
}

export const fixtureBlog: ArticleData = {
  _id: 'blog',
  title: 'Storm Isolde live: amber wind warning for London',
  slug: 'storm-live',
  publishedAt: at(214),
  excerpt: 'Gusts of up to 70mph are expected across the capital tonight.',
  author: { name: 'Tom Whitcombe', slug: 'tom-whitcombe' },
  categories: [{ _id: 'c1', title: 'UK', slug: 'uk', kind: 'section' }],
  body: [block('Storm Isolde is crossing London this evening.')],
  isLiveBlog: true,
}
