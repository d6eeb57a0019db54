// The demo's live blog: an article told in a dozen updates over the last few hours, newest first on
// its page, one pinned and some marked as key events, one edited after it was posted. Written for
// it (a storm over London), with its own random stream so the rest of the demo newspaper stays the
// one the seed always made.

import type { Article, ImageField, LiveUpdate, PortableTextBlock, Reference } from '../../shared/schema.ts'
import type { Rng } from './random.ts'

const MINUTE = 60_000

interface UpdateText {
  /** Minutes before the demo's clock. */
  ago: number
  headline?: string
  paragraphs: string[]
  keyEvent?: true
  pinned?: true
  /** Minutes after posting that it was edited. */
  editedAfter?: number
}

const updates: UpdateText[] = [
  {
    ago: 214,
    headline: 'Amber warning for wind across London',
    paragraphs: [
      'The Met Office has raised its warning for London and the south-east to amber, with gusts of up to 70mph expected along the Thames estuary from early evening.',
      'Forecasters say the strongest winds will pass over the capital between 6pm and midnight.',
    ],
    keyEvent: true,
  },
  { ago: 196, paragraphs: ['Good afternoon. We will be bringing you the latest on Storm Isolde as it crosses London this evening: travel, schools, power and the river.'] },
  {
    ago: 171,
    headline: 'Thames Barrier to close at high tide',
    paragraphs: [
      'The Environment Agency says the Thames Barrier will close ahead of this evening’s high tide, the first closure of the autumn.',
      'Riverside paths in Greenwich and Battersea will be shut from 5pm.',
    ],
    keyEvent: true,
  },
  {
    ago: 150,
    paragraphs: ['Readers in Lewisham tell us that several trees are already down on the South Circular near Catford. Please send us what you see, if it is safe to do so.'],
    editedAfter: 12,
  },
  {
    ago: 131,
    headline: 'Where to find the latest travel advice',
    paragraphs: [
      'This is the advice we will keep up to date throughout the evening: check before you travel, allow extra time, and avoid the river paths.',
      'Transport for London’s status page and National Rail Enquiries have the service by service picture; we will summarise the main changes here.',
    ],
    pinned: true,
  },
  {
    ago: 117,
    headline: 'Overground and Elizabeth line services reduced',
    paragraphs: ['Transport for London says trains on the Overground and the Elizabeth line will run at reduced speed from 4pm, with fewer trains an hour.'],
    keyEvent: true,
  },
  { ago: 98, paragraphs: ['The Port of London Authority has suspended river bus services between Putney and Woolwich until further notice.'] },
  { ago: 76, headline: 'Schools in three boroughs to close early', paragraphs: ['Schools in Greenwich, Lewisham and Southwark will close at 1.30pm tomorrow, the boroughs say, so that pupils are home before the second band of wind.'] },
  { ago: 58, paragraphs: ['The wind has picked up sharply along the Embankment in the last half hour. Our reporter at Westminster Bridge says pedestrians are being asked to use the underpasses.'] },
  {
    ago: 41,
    headline: 'Power cut to 12,000 homes in south London',
    paragraphs: ['UK Power Networks says about 12,000 homes in Croydon and Bromley are without power after a line came down near Purley. Engineers expect to restore most supplies by 10pm.'],
    keyEvent: true,
  },
  { ago: 23, paragraphs: ['Heathrow says around 40 flights have been cancelled this evening, mostly short-haul departures to Europe. Passengers are asked to check with their airline before travelling.'] },
  { ago: 7, headline: 'Gusts of 68mph recorded at Canary Wharf', paragraphs: ['The strongest gust so far, 68mph, was recorded at Canary Wharf a few minutes ago, the Met Office says. The warning stays in force until 6am.'] },
]

const block = (rng: Rng, text: string): PortableTextBlock => ({
  _type: 'block',
  _key: rng.key(),
  style: 'normal',
  markDefs: [],
  children: [{ _type: 'span', _key: rng.key(), text, marks: [] }],
})

export interface DemoLiveBlogOptions {
  rng: Rng
  nowMs: number
  slug: string
  /** The bylines of its updates: the paper's UK reporters. */
  authors: readonly string[]
  category: Reference
  image: ImageField
}

/** The live blog article and its updates, the oldest update first. */
export function demoLiveBlog({ rng, nowMs, slug, authors, category, image }: DemoLiveBlogOptions): { article: Article; updates: LiveUpdate[] } {
  const iso = (minutesAgo: number, extraMs = 0) => new Date(nowMs - minutesAgo * MINUTE + extraMs).toISOString()
  const articleId = rng.uuid()
  const reference = (id: string): Reference => ({ _type: 'reference', _ref: id })
  const article: Article = {
    _id: articleId,
    _type: 'article',
    title: 'Storm Isolde live: amber wind warning for London as the Thames Barrier closes',
    slug: { _type: 'slug', current: slug },
    // A few seconds past the minute, so it shares its time with no other story.
    publishedAt: iso(214, 4_321),
    excerpt: 'Gusts of up to 70mph are expected across the capital tonight. Follow the latest on travel, schools, power and the river as the storm passes.',
    mainImage: image,
    author: reference(authors[0] as string),
    categories: [{ ...category, _key: rng.key() }],
    body: [
      block(rng, 'Storm Isolde is crossing London this evening, bringing the strongest winds the capital has seen this year.'),
      block(rng, 'The Met Office amber warning covers Greater London, Kent and Essex until 6am tomorrow.'),
      block(rng, 'Transport for London has reduced services on several lines, and the Thames Barrier has closed ahead of high tide.'),
      block(rng, 'Our reporters across the city are following the storm as it passes; the latest updates are below.'),
      block(rng, 'If you are affected and it is safe to do so, tell us what you see by writing to the newsroom.'),
    ],
    // The homepage's breaking story: its banner shows LIVE and the three newest updates.
    isBreakingNews: true,
    isLeadStory: false,
    isFeatured: false,
    isLatestUpdate: false,
    mediaType: 'article',
    isLiveBlog: true,
  }
  const live: LiveUpdate[] = updates.map((text, index) => {
    const update: LiveUpdate = {
      _id: rng.uuid(),
      _type: 'liveUpdate',
      liveBlog: reference(articleId),
      publishedAt: iso(text.ago),
      body: text.paragraphs.map((paragraph) => block(rng, paragraph)),
      isKeyEvent: text.keyEvent === true,
      isPinned: text.pinned === true,
      author: reference(authors[index % authors.length] as string),
    }
    if (text.headline) update.headline = text.headline
    if (text.editedAfter) update.updatedAt = iso(text.ago - text.editedAfter)
    return update
  })
  return { article, updates: live }
}
