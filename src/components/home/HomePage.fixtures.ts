// Sample stories for the homepage's stories and tests: the real shapes the homepage query returns.

import type { CardArticle, Homepage } from '../../content/homepage/rules.ts'

const img = (sha: string, alt: string) => ({ _type: 'image', asset: { _ref: `image-${sha}-1600x900-jpg` }, alt })

let n = 0
export function story(overrides: Partial<CardArticle> = {}): CardArticle {
  n += 1
  return {
    _id: `story-${n}`,
    title: `Tube drivers on the Bakerloo line to strike for two days over rosters (${n})`,
    slug: `tube-drivers-strike-${n}`,
    publishedAt: new Date(Date.UTC(2026, 10, 21, 9, 0) - n * 37 * 60_000).toISOString(),
    excerpt: 'The RMT says talks with Transport for London have broken down over weekend rosters.',
    mainImage: img('54c77fed7a8265af421d311b368ef6f413ada44e', 'A red bus on an empty street'),
    mediaType: 'article',
    readCount: 1500 + n * 10,
    author: { name: 'Priya Raman', slug: 'priya-raman', image: null },
    categories: [{ title: 'UK', slug: 'uk' }],
    ...overrides,
  }
}

/** A running live blog as a slot gets it: its three newest updates, one without a headline. */
export function liveStory(overrides: Partial<CardArticle> = {}): CardArticle {
  return story({
    title: 'Storm Ciarán live: Thames Barrier closes as gusts reach 80mph',
    slug: 'storm-live',
    isLiveBlog: true,
    liveBlogEndedAt: null,
    liveUpdates: [
      { _id: 'u3', headline: 'Trains stop at Reading', publishedAt: '2026-11-21T08:52:00.000Z', text: 'Great Western Railway has stopped all trains west of Reading.' },
      { _id: 'u2', headline: null, publishedAt: '2026-11-21T08:40:00.000Z', text: 'The Environment Agency says the Thames Barrier will close ahead of this evening’s high tide, the first closure of the autumn.' },
      { _id: 'u1', headline: 'Barrier closes', publishedAt: '2026-11-21T08:15:00.000Z', text: 'The barrier has closed.' },
    ],
    ...overrides,
  })
}

export const longTitle =
  'After eighteen months of consultation, three public inquiries and a change of administration, the long-promised Bakerloo line extension to Lewisham is finally given a date, though few in south-east London are ready to believe it'

export function sampleHomepage(): Homepage {
  return {
    sections: {
      breaking: story({ title: 'Thames Barrier closed as surge tide threatens riverside homes', isBreakingNews: true }),
      lead: story({ title: 'Council budget vote delayed as ministers weigh emergency funding', isLeadStory: true, categories: [{ title: 'Business & Money' }] }),
      featured: [
        story({ title: 'Notting Hill Carnival organisers unveil new route and safety plan', categories: [{ title: 'Culture' }] }),
        story({ title: 'The colour of the year is here. How to use it without repainting your flat', categories: [] }),
        story({ title: 'Greenwich Robotics shares jump after a takeover approach', author: null }),
      ],
      latest: [1, 2, 3, 4, 5].map((i) => story({ title: `Latest update number ${i}: Met Police to trial neighbourhood patrols`, categories: i === 2 ? [] : [{ title: 'UK' }] })),
      videos: [1, 2, 3, 4].map((i) => story({ title: `Video ${i}: inside the Thames Barrier control room`, mediaType: 'video' })),
      trending: [
        story({ title: 'Earthquake of magnitude 6.7 strikes off the coast of western Turkey', readCount: 25_960 }),
        story({ title: 'Ireland goes to the polls in a closely fought general election', readCount: 1234 }),
        story({ title: 'Women’s Super League: Arsenal Women extend their unbeaten run', readCount: null }),
      ],
    },
    violations: [],
    warnings: [],
  }
}
