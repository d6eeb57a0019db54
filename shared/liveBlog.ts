// A live blog's content rules that the service and the app share: the document type of an update,
// what one may hold, and how many updates a page shows. The shapes are in shared/schema.ts.

import { maxTitleLength } from './slug.ts'
import { cleanText } from './text.ts'

/** The `_type` of one update of a live blog: its own document, never an array in the article. */
export const liveUpdateType = 'liveUpdate'

/** Updates on a page of a live blog (the first page shows from one to two pages' worth; src/content/liveblog/pages.ts). */
export const liveBlogPageSize = 20

/** An update's optional headline is as long as an article's title may be. */
export const maxLiveUpdateHeadlineLength = maxTitleLength

/** The most Portable Text nodes (paragraphs, pictures, embeds) one update may hold: an update is short. */
export const maxLiveUpdateBodyNodes = 60

/** The words of each bound an update breaks, for the desk's form and the service alike. */
export const liveUpdateMessages = {
  blogMissing: 'An update must name its live blog, as a reference in liveBlog.',
  blogDraft: 'An update must name the published id of its live blog, not a draft.',
  publishedAt: 'An update needs publishedAt, a date and time.',
  headlineLong: `Headline must be at most ${maxLiveUpdateHeadlineLength} characters long.`,
  bodyMissing: 'An update needs a body, as Portable Text.',
  bodyLong: `An update may hold at most ${maxLiveUpdateBodyNodes} paragraphs or pictures.`,
  flag: (field: 'isKeyEvent' | 'isPinned') => `${field} must be true or false.`,
  pinnedTwice: 'A live blog has at most one pinned update: pin one update of a blog per transaction.',
} as const

/**
 * Whether a live blog's coverage has ended: `liveBlogEndedAt` holds a time (it is absent while the
 * blog is live). Its pages then say "This live blog has ended", and it is no longer breaking news
 * (shared/homepage/rules.ts; docs/decisions/042-an-ended-live-blog-leaves-the-banner.md).
 */
export function liveBlogHasEnded(article: { isLiveBlog?: unknown; liveBlogEndedAt?: unknown }): boolean {
  const ended = article.liveBlogEndedAt
  return article.isLiveBlog === true && typeof ended === 'string' && !Number.isNaN(new Date(ended).getTime())
}

/**
 * The words an update is listed by (a key event on the page, an item in its RSS feed): its
 * headline, or the start of its text cut at a word, within 90 characters.
 */
export function liveUpdateTitle(headline: unknown, text: unknown): string {
  const cleanHeadline = cleanText(headline)
  if (cleanHeadline !== '') return cleanHeadline
  const clean = cleanText(text)
  if (clean.length <= 90) return clean
  const cut = clean.slice(0, 89)
  const space = cut.lastIndexOf(' ')
  return `${(space > 40 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`
}
