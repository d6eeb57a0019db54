// Sample listing content for the stories and component tests of the listing pages: the shapes the
// listing queries return, with the awkward cases (no image, no author, a long title, HTML in an
// excerpt) that the demo newspaper also holds.
import type { EssaySummary, ListingArticle, PhotoEssay } from '../../content/listings/listings.ts'

/** The fixed "now" the samples are dated against, so relative dates read the same every time. */
export const sampleNow = new Date('2026-11-21T12:00:00Z')

const hoursAgo = (hours: number) => new Date(sampleNow.getTime() - hours * 3_600_000).toISOString()
const image = (hash: string, alt: string) => ({ _type: 'image', asset: { _ref: `image-${hash}-1600x900-jpg` }, alt })

export function sampleArticle(n: number, extra: Partial<ListingArticle> = {}): ListingArticle {
  return {
    _id: `article-${n}`,
    title: `Council agrees new cycle lanes for Lambeth and Southwark, story ${n}`,
    slug: `council-agrees-cycle-lanes-${n}`,
    publishedAt: hoursAgo(n * 5),
    excerpt: 'The scheme links Brixton to the river and will be built in stages over the next two years.',
    mainImage: image('a1b2c3d4e5f6', 'Cyclists on a painted lane beside a bus stop'),
    mediaType: 'article',
    readCount: 1200 + n,
    author: { name: 'Tom Whitcombe', slug: 'tom-whitcombe' },
    categories: [{ title: 'UK', slug: 'uk' }, { title: 'News', slug: 'news' }],
    ...extra,
  }
}

export const sampleArticles: ListingArticle[] = [
  sampleArticle(1, { title: 'Thames Barrier closes twice in a week as spring tides meet storm surge', readCount: 25_960 }),
  sampleArticle(2, { mediaType: 'video', title: 'Watch: the night shift at Covent Garden market', categories: [{ title: 'Life & Style', slug: 'life-style' }] }),
  sampleArticle(3, { mainImage: null, title: 'Letters: the Bakerloo line, the bus fare and the bin collections', author: null, categories: [{ title: 'Comment', slug: 'comment' }] }),
  sampleArticle(4, { excerpt: '<p>Fares <strong>rise</strong> again &amp; again</p>', publishedAt: '2026-10-02T08:30:00Z', categories: [] }),
  sampleArticle(5, { publishedAt: '2026-09-14T18:00:00Z' }),
  sampleArticle(6, { mediaType: 'video', mainImage: null, title: 'Video: a minute with the new Elizabeth line trains' }),
]

export const longTitleArticle = sampleArticle(7, {
  title:
    'After eighteen months of consultation, three public inquiries and a change of administration, the long-promised Bakerloo line extension to Lewisham is finally given a date, though few in south-east London are ready to believe it',
})

export const sampleEssays: EssaySummary[] = [
  {
    _id: 'essay-1',
    title: 'Dawn on the Thames',
    slug: 'dawn-on-the-thames',
    publishedAt: '2026-11-13T19:37:40Z',
    description: 'From Putney to the estuary, the river wakes up before the city does.',
    photographer: { name: 'Kofi Mensah' },
    cover: { ...image('0a0b0c0d0e0f', 'Mist over the river at Putney'), caption: 'Putney at dawn' },
    imageCount: 4,
  },
  {
    _id: 'essay-2',
    title: 'Carnival in colour: two days in Notting Hill',
    slug: 'carnival-in-colour',
    publishedAt: '2026-11-02T10:00:00Z',
    description: 'Steel bands, sound systems and a million visitors over the August bank holiday weekend.',
    photographer: null,
    cover: null,
    imageCount: 1,
  },
]

export const sampleEssay: PhotoEssay = {
  _id: 'essay-1',
  title: 'Dawn on the Thames',
  slug: 'dawn-on-the-thames',
  publishedAt: '2026-11-13T19:37:40Z',
  description: 'From Putney to the estuary, the river wakes up before the city does.',
  photographer: { name: 'Kofi Mensah' },
  categories: [{ title: 'UK', slug: 'uk', kind: 'section' }, { title: 'Events', slug: 'events', kind: 'topic' }],
  images: [
    { _key: 'i1', ...image('1a1a1a1a1a1a', 'Mist lifting off the river with rowers in the distance'), caption: 'Mist lifts off the water at Putney as the first rowing crews head out' },
    { _key: 'i2', ...image('2b2b2b2b2b2b', 'A river bus passing under a bridge'), caption: 'A commuter boat leaves Bankside with the City still in shadow' },
    { _key: 'i3', ...image('3c3c3c3c3c3c', ''), caption: 'Low tide at Wapping, where the foreshore is open to mudlarks' },
    { _key: 'i4', ...image('4d4d4d4d4d4d', 'The Thames Barrier gates in early sunlight'), caption: null },
  ],
  imageCount: 4,
}
