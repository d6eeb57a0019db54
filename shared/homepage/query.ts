// The homepage's GROQ: the bounded query for its sections and what its live feed listens to. The
// benchmark imports these, so it measures the queries the site sends. The sizes are the rules' own
// (shared/homepage/limits.ts), so the query cannot drift from what the sections show.

import { trendingMinimumReads } from '../trending.ts'
import { limits } from './limits.ts'

/**
 * The fields of an article card (`CardArticle` in shared/homepage/rules.ts), for every query
 * that lists articles; the author's slug is what their byline links to. The homepage also asks for
 * the section flags and the author's picture; the listings show neither, so they do not download them.
 */
export function cardProjection({ sectionFlags = false, authorImage = false } = {}): string {
  return `_id, title, "slug": slug.current, publishedAt, excerpt, mainImage, mediaType, readCount, readsLastDay,${sectionFlags ? '\n  isBreakingNews, isLeadStory, isFeatured, isLatestUpdate, isLiveBlog, liveBlogEndedAt,' : ''}
  author->{name, "slug": slug.current${authorImage ? ', image' : ''}}, categories[]->{title, "slug": slug.current}`
}

/**
 * Trending (Most read), on the homepage and its listing: more reads than the threshold in the last
 * 24 hours (`readsLastDay`, kept current by the read counter, server/audience/), so yesterday's
 * story gives way. `readCount`, every read ever counted, is what cards show.
 */
export const isTrending = `readsLastDay > ${trendingMinimumReads}`
/** Trending's order: most read in the last 24 hours first, then newest, with the id as a tie-break. */
export const mostReadFirst = `order(readsLastDay desc, publishedAt desc, _id asc)`

const card = cardProjection({ sectionFlags: true, authorImage: true })
const article = `_type == "article"`
// Newest first, with the id as a tie-break so the order is the same everywhere it is computed.
const newest = `order(publishedAt desc, _id asc)`
const flagged = {
  breaking: `isBreakingNews == true`,
  lead: `isLeadStory == true`,
  featured: `isFeatured == true`,
  latest: `isLatestUpdate == true`,
}
const video = `mediaType == "video"`
/**
 * What places an article on the homepage: a flag, a video, trending. Every other article is unplaced,
 * and the page counts them. The store keeps that count (server/store/placedCounts.ts) from these
 * conditions, so the rule is written here alone. Not `isTrending`: an article with no read count is
 * unplaced, and `!(null > 100)` is null.
 */
export const placedConditions: readonly string[] = [...Object.values(flagged), video, `coalesce(readsLastDay, 0) > ${trendingMinimumReads}`]
const unplaced = placedConditions.map((condition) => `!(${condition})`).join(' && ')
/** The unplaced articles' filter, as the homepage counts them. */
export const unplacedArticles = `${article} && ${unplaced}`
// The lead is one of the featured articles at most `limits.lead` times: ask for that many more.
const featuredWithLead = limits.featured + limits.lead

/**
 * The homepage, bounded: each section asks only for the articles it can show (featured: one more,
 * since the lead may be among them), never the whole archive. Counts let the page report the spec's
 * rule violations without downloading every flagged article. `sectionsFromQuery` in
 * shared/homepage/rules.ts turns the result into the sections.
 */
export const homepageQuery = `{
  "breaking": *[${article} && ${flagged.breaking}] | ${newest}[0]{${card}},
  "lead": *[${article} && ${flagged.lead}] | ${newest}[0]{${card}},
  "featured": *[${article} && ${flagged.featured}] | ${newest}[0...${featuredWithLead}]{${card}},
  "latest": *[${article} && ${flagged.latest}] | ${newest}[0...${limits.latest}]{${card}},
  "videos": *[${article} && ${video}] | ${newest}[0...${limits.videos}]{${card}},
  "trending": *[${article} && ${isTrending}] | ${mostReadFirst}[0...${limits.trending}]{${card}},
  "counts": {
    "breaking": count(*[${article} && ${flagged.breaking}]),
    "lead": count(*[${article} && ${flagged.lead}]),
    "featured": count(*[${article} && ${flagged.featured}]),
    "latest": count(*[${article} && ${flagged.latest}]),
    "unplaced": count(*[${unplacedArticles}]),
    "breakingAndLead": count(*[${article} && ${flagged.breaking} && ${flagged.lead}])
  }
}`

/**
 * The newest updates of the live blogs in the breaking, lead and featured slots, `$b0`, `$b1`, … by
 * id, after the homepage query found them: each list narrowed by its blog, so it costs the same
 * however many updates the blogs have.
 */
export function liveLatestQuery(blogs: number): string {
  const lists = Array.from({ length: blogs }, (_, i) => `"b${i}": *[_type == "liveUpdate" && liveBlog._ref == $b${i}] | order(publishedAt desc, _id desc)[0...${limits.liveUpdates}]{_id, headline, publishedAt, "text": pt::text(body)}`)
  return `{\n  ${lists.join(',\n  ')}\n}`
}

/**
 * What the homepage listens to: any published article changing may change a section, and a live
 * blog's update the latest updates a slot shows.
 */
export const homepageListenQuery = `*[_type == "article" || _type == "liveUpdate"]`
