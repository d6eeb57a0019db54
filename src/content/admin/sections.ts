// What the section manager asks the content service: one homepage section's items (lead,
// featured, latest, trending, videos, images), newest first and bounded, with how many there are.

import { trendingMinimumReads } from '../../../shared/trending.ts'
import type { SectionType } from './addresses.ts'
import type { QueryClient } from './contentService.ts'
import { articleFilter, isCurrent } from './draftOverlay.ts'
import { listItem, listItemOf, newestFirst, type AdminListItem } from './listItem.ts'

/** The most a section manager lists at once, newest first. */
export const sectionLimit = 100


// Trending follows the homepage's threshold; drafts may have no publishedAt, so ties fall back to
// when the document was made.
const sectionSets: Record<SectionType, { filter: string; order: string }> = {
  lead: { filter: `${articleFilter} && isLeadStory == true`, order: newestFirst },
  featured: { filter: `${articleFilter} && isFeatured == true`, order: newestFirst },
  latest: { filter: `${articleFilter} && isLatestUpdate == true`, order: newestFirst },
  trending: { filter: `${articleFilter} && readsLastDay > ${trendingMinimumReads}`, order: `order(readsLastDay desc, coalesce(publishedAt, _createdAt) desc, _id asc)` },
  videos: { filter: `${articleFilter} && mediaType == "video"`, order: newestFirst },
  images: { filter: `_type == "imageGallery" && ${isCurrent}`, order: newestFirst },
}

/** The items of one section, at most `sectionLimit`, with how many there are in all. */
export function sectionQuery(type: SectionType): string {
  const { filter, order } = sectionSets[type]
  return `{
  "total": count(*[${filter}]),
  "items": *[${filter}] | ${order}[0...${sectionLimit}]${listItem}
}`
}

export interface SectionContent {
  total: number
  items: AdminListItem[]
}

/** Whether a section lists articles (edited in the article form); galleries have the photo essay form. */
export function sectionHoldsArticles(type: SectionType): boolean {
  return type !== 'images'
}

export async function fetchSection(client: QueryClient, type: SectionType): Promise<SectionContent> {
  const result = await client.fetch<{ total: number; items: AdminListItem[] | null } | null>(sectionQuery(type))
  return { total: result?.total ?? 0, items: (result?.items ?? []).map(listItemOf) }
}
