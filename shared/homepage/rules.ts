// The homepage's section rules (docs/product-spec.md §4, §5, §9), in one place.
// `applyHomepageRules` states them over the whole set of published articles; `sectionsFromQuery`
// reads the bounded homepage query (shared/homepage/query.ts), which fetches only what each section
// can show. The tests check that the two agree on every dataset.

import { liveBlogHasEnded } from '../liveBlog.ts'
import { limits } from './limits.ts'
import { homepageQuery, liveLatestQuery } from './query.ts'

export interface CardImage {
  _type?: string
  asset?: { _ref: string }
  alt?: string
  crop?: unknown
  hotspot?: unknown
}

export interface CardArticle {
  _id: string
  title: string
  slug: string | null
  publishedAt: string | null
  excerpt?: string | null
  mainImage?: CardImage | null
  mediaType?: string | null
  /** Every read counted since the article went live. */
  readCount?: number | null
  /** Reads counted in the last 24 hours: what Trending ranks. */
  readsLastDay?: number | null
  isBreakingNews?: boolean | null
  isLeadStory?: boolean | null
  isFeatured?: boolean | null
  isLatestUpdate?: boolean | null
  /** A live blog (issue 24), and when its coverage ended (absent while it is live). */
  isLiveBlog?: boolean | null
  liveBlogEndedAt?: string | null
  /** A live blog's newest updates, newest first: for one in the breaking, lead or featured slot. */
  liveUpdates?: LiveCardUpdate[]
  /** `slug` leads to the author's page; hosted data may lack it. */
  author?: { name: string; slug?: string | null; image?: CardImage | null } | null
  categories?: Array<{ title: string; slug?: string | null }> | null
}

/** One of a live blog's newest updates, as a homepage slot lists it. */
export interface LiveCardUpdate {
  _id: string
  headline?: string | null
  publishedAt: string | null
  /** Its body's text, for an update without a headline. */
  text?: string | null
}

export interface HomepageSections {
  breaking: CardArticle | null
  lead: CardArticle | null
  featured: CardArticle[]
  latest: CardArticle[]
  videos: CardArticle[]
  trending: CardArticle[]
}

export interface HomepageCounts {
  breaking: number
  lead: number
  /** Featured articles other than the lead. */
  featured: number
  latest: number
  /** Articles with no section flag, not video and not trending: they appear nowhere. */
  unplaced: number
  breakingAndLead: number
}

export interface Homepage {
  sections: HomepageSections
  /** The spec's rule violations (errors) and non-blocking warnings, for the console. */
  violations: string[]
  warnings: string[]
}

const newestFirst = (a: CardArticle, b: CardArticle) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') || a._id.localeCompare(b._id)

/** Reads in the last 24 hours, what Trending ranks. */
function reads(a: CardArticle): number {
  return typeof a.readsLastDay === 'number' ? a.readsLastDay : 0
}

const byReadsThenNewest = (a: CardArticle, b: CardArticle) => reads(b) - reads(a) || newestFirst(a, b)

// The lead story is shown once, in its own place: a featured lead is left out of featured.
const besideTheLead = (lead: CardArticle | null) => (a: CardArticle) => a._id !== lead?._id

/**
 * The breaking banner's story: the newest flagged breaking news, unless it is a live blog whose
 * coverage has ended. That story is over: the banner would tell readers it is breaking, so the
 * banner is empty, as it is when the flag is cleared (an older flagged story stays unflagged, as
 * the spec's rule has it). The blog keeps its other slots, where it says it has ended (decision 042).
 */
function bannerStory(newest: CardArticle | null): CardArticle | null {
  return newest && !liveBlogHasEnded(newest) ? newest : null
}

export function describeCounts(counts: HomepageCounts): { violations: string[]; warnings: string[] } {
  const violations: string[] = []
  const warnings: string[] = []
  if (counts.breaking > limits.breaking) violations.push(`RULE VIOLATION: ${counts.breaking} breaking news stories found. Only ${limits.breaking} allowed.`)
  if (counts.lead > limits.lead) violations.push(`RULE VIOLATION: ${counts.lead} lead stories found. Only ${limits.lead} allowed.`)
  if (counts.breakingAndLead > 0) warnings.push(`WARNING: ${counts.breakingAndLead} article(s) flagged as both breaking news and lead story.`)
  if (counts.featured > limits.featured) warnings.push(`WARNING: ${counts.featured} featured stories found. Only the first ${limits.featured} will show.`)
  if (counts.latest > limits.latest) warnings.push(`WARNING: ${counts.latest} latest updates found. Only the first ${limits.latest} will show.`)
  if (counts.unplaced > 0) warnings.push(`WARNING: ${counts.unplaced} article(s) have no section tag, are not video and have ${limits.trendingMinimumReads} reads or fewer: they will not appear on the homepage.`)
  return { violations, warnings }
}

/** The rules stated over every published article. */
export function applyHomepageRules(all: CardArticle[]): Homepage {
  const articles = [...all].sort(newestFirst)
  const breakingAll = articles.filter((a) => a.isBreakingNews === true)
  const leadAll = articles.filter((a) => a.isLeadStory === true)
  const breaking = bannerStory(breakingAll[0] ?? null)
  const lead = leadAll[0] ?? null
  const featuredAll = articles.filter((a) => a.isFeatured === true).filter(besideTheLead(lead))
  const latestAll = articles.filter((a) => a.isLatestUpdate === true)
  const counts: HomepageCounts = {
    breaking: breakingAll.length,
    lead: leadAll.length,
    featured: featuredAll.length,
    latest: latestAll.length,
    unplaced: articles.filter((a) => !a.isBreakingNews && !a.isLeadStory && !a.isFeatured && !a.isLatestUpdate && a.mediaType !== 'video' && reads(a) <= limits.trendingMinimumReads).length,
    breakingAndLead: articles.filter((a) => a.isBreakingNews === true && a.isLeadStory === true).length,
  }
  return {
    sections: {
      breaking,
      lead,
      featured: featuredAll.slice(0, limits.featured),
      latest: latestAll.slice(0, limits.latest),
      videos: articles.filter((a) => a.mediaType === 'video').slice(0, limits.videos),
      trending: articles.filter((a) => reads(a) > limits.trendingMinimumReads).sort(byReadsThenNewest).slice(0, limits.trending),
    },
    ...describeCounts(counts),
  }
}

/** What the bounded homepage query returns: the sections before the lead is taken out of featured. */
export interface HomepageQueryResult extends HomepageSections {
  /** The newest featured articles, one more than shown: the lead may be among them. */
  featured: CardArticle[]
  /** As `HomepageCounts`, except that featured counts the lead too. */
  counts: Record<keyof HomepageCounts, number>
}

/** The homepage's one request, the bounded query, as sections: for the route's loader and the live feed alike. */
export async function loadHomepage(fetch: <R>(query: string, params: Record<string, unknown>, options: { tag: string }) => Promise<R>): Promise<Homepage> {
  const homepage = sectionsFromQuery(await fetch<HomepageQueryResult>(homepageQuery, {}, { tag: 'homepage' }))
  const blogs = liveBlogsInSlots(homepage.sections)
  if (blogs.length === 0) return homepage
  // The live blogs' newest updates, asked once the slots are known: one more bounded query.
  const params = Object.fromEntries(blogs.map((blog, i) => [`b${i}`, blog._id]))
  const latest = await fetch<Record<string, LiveCardUpdate[] | null>>(liveLatestQuery(blogs.length), params, { tag: 'homepage.live' })
  const updates = new Map(blogs.map((blog, i) => [blog._id, (latest[`b${i}`] ?? []).filter((u) => typeof u?._id === 'string')]))
  const withUpdates = (card: CardArticle): CardArticle => (updates.has(card._id) ? { ...card, liveUpdates: updates.get(card._id)! } : card)
  const { sections } = homepage
  return {
    ...homepage,
    sections: {
      ...sections,
      breaking: sections.breaking && withUpdates(sections.breaking),
      lead: sections.lead && withUpdates(sections.lead),
      featured: sections.featured.map(withUpdates),
    },
  }
}

/** The live blogs in the breaking, lead and featured slots, each once: the slots that show their newest updates. */
export function liveBlogsInSlots(sections: Pick<HomepageSections, 'breaking' | 'lead' | 'featured'>): CardArticle[] {
  const slotted = [sections.breaking, sections.lead, ...sections.featured].filter((card): card is CardArticle => card?.isLiveBlog === true)
  return [...new Map(slotted.map((card) => [card._id, card])).values()]
}

export function sectionsFromQuery(result: HomepageQueryResult): Homepage {
  const lead = result.lead ?? null
  const counts: HomepageCounts = {
    breaking: result.counts.breaking,
    lead: result.counts.lead,
    // The count query counts every featured article; the newest lead is not one of "featured" here.
    featured: result.counts.featured - (lead?.isFeatured ? 1 : 0),
    latest: result.counts.latest,
    unplaced: result.counts.unplaced,
    breakingAndLead: result.counts.breakingAndLead,
  }
  return {
    sections: {
      breaking: bannerStory(result.breaking ?? null),
      lead,
      featured: (result.featured ?? []).filter(besideTheLead(lead)).slice(0, limits.featured),
      latest: (result.latest ?? []).slice(0, limits.latest),
      videos: (result.videos ?? []).slice(0, limits.videos),
      trending: (result.trending ?? []).slice(0, limits.trending),
    },
    ...describeCounts(counts),
  }
}

// ---------------------------------------------------------------------------------------------
// The front page: the lead and breaking stories, the ones a reader sees change. The live feed asks
// these rather than knowing itself which stories they are.

/** A document change as the live stream reports it. */
export interface DocumentChange {
  documentId: string
  /** The document after the change, when the stream includes it. */
  result?: (Pick<CardArticle, 'isLeadStory' | 'isBreakingNews'> & { _type?: string; liveBlog?: { _ref?: string } | null }) | null
}

// A story counts as changed when its id, title or publication time does.
function frontPageSignature(a: CardArticle | null | undefined): string {
  return a ? `${a._id}|${a.title}|${a.publishedAt ?? ''}` : ''
}

/** Whether the lead or breaking story differs between two homepages; with nothing before, it has not. */
export function frontPageChanged(before: Homepage | null, after: Homepage): boolean {
  if (!before) return false
  return (
    frontPageSignature(before.sections.lead) !== frontPageSignature(after.sections.lead) ||
    frontPageSignature(before.sections.breaking) !== frontPageSignature(after.sections.breaking)
  )
}

/** Whether a change may alter the lead or breaking story: it is flagged as one now, or it is one shown. */
/**
 * Whether a change can alter the homepage shown. Any article may (its flags place it); a live blog's
 * update only when its blog is in a slot that shows its newest updates, or it is one of the updates
 * shown (moved to another blog). A deletion says no type: it counts, unless nothing says it is an update.
 */
export function changeMayAlterHomepage(homepage: Homepage | null, change: DocumentChange): boolean {
  if (homepage === null || change.result?._type !== 'liveUpdate') return true
  const slotted = liveBlogsInSlots(homepage.sections)
  return slotted.some((blog) => blog._id === change.result?.liveBlog?._ref || blog.liveUpdates?.some((update) => update._id === change.documentId))
}

export function changeTouchesFrontPage(homepage: Homepage | null, change: DocumentChange): boolean {
  if (change.result?.isLeadStory || change.result?.isBreakingNews) return true
  const { lead, breaking } = homepage?.sections ?? {}
  return change.documentId === lead?._id || change.documentId === breaking?._id
}

// ---------------------------------------------------------------------------------------------
// Where one story will show once published, for the article form: the rules above applied to it
// alone, so the form can never promise a section the homepage would not give it.

/** A homepage section a story's own flags and kind can put it in (Trending goes by reads, later). */
export type HomepagePlace = 'breaking' | 'lead' | 'featured' | 'latest' | 'videos'

/** The homepage sections a story with these flags (a live blog: and its end) shows in as the newest story published. */
export function homepagePlaces(story: Pick<CardArticle, 'isBreakingNews' | 'isLeadStory' | 'isFeatured' | 'isLatestUpdate' | 'mediaType' | 'isLiveBlog' | 'liveBlogEndedAt'>): HomepagePlace[] {
  const { sections } = applyHomepageRules([{ ...story, _id: 'story', title: '', slug: null, publishedAt: null, readsLastDay: 0 }])
  const places: HomepagePlace[] = ['breaking', 'lead', 'featured', 'latest', 'videos']
  return places.filter((place) => {
    const shown = sections[place]
    return Array.isArray(shown) ? shown.length > 0 : shown !== null
  })
}
