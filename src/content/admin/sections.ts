// What the section manager asks the content service: one homepage section's items (lead,
// featured, latest, trending, videos, images), newest first and bounded, with how many there are,
// each as readers see it (a draft beside it marked); and the write that takes an article off a
// section (Remove from this section), which leaves the article itself as it is.

import { trendingMinimumReads } from '../../../shared/trending.ts'
import type { SectionType } from './addresses.ts'
import type { QueryClient } from './contentService.ts'
import { basedOnField } from './articleForm/document.ts'
import { flaggedInEither, isReadersVersion, readersArticleFilter } from '../../../shared/draftOverlay.ts'
import { listItem, listItemOf, newestFirst, type AdminListItem } from './listItem.ts'

/** The most a section manager lists at once, newest first. */
export const sectionLimit = 100


// Trending follows the homepage's threshold; drafts may have no publishedAt, so ties fall back to
// when the document was made.
const sectionSets: Record<SectionType, { filter: string; order: string }> = {
  lead: { filter: `${readersArticleFilter} && ${flaggedInEither('isLeadStory')}`, order: newestFirst },
  featured: { filter: `${readersArticleFilter} && ${flaggedInEither('isFeatured')}`, order: newestFirst },
  latest: { filter: `${readersArticleFilter} && ${flaggedInEither('isLatestUpdate')}`, order: newestFirst },
  trending: { filter: `${readersArticleFilter} && readsLastDay > ${trendingMinimumReads}`, order: `order(readsLastDay desc, coalesce(publishedAt, _createdAt) desc, _id asc)` },
  videos: { filter: `${readersArticleFilter} && mediaType == "video"`, order: newestFirst },
  images: { filter: `_type == "imageGallery" && ${isReadersVersion}`, order: newestFirst },
}

/** The flag that puts an article in a section an editor chooses; the others follow what readers read or the media type. */
const sectionFlags: Partial<Record<SectionType, string>> = { lead: 'isLeadStory', featured: 'isFeatured', latest: 'isLatestUpdate' }

/** Whether an article can be taken off the section (it is there by a flag an editor set). */
export function sectionHasFlag(type: SectionType): boolean {
  return sectionFlags[type] !== undefined
}

export type SectionPatch = { patch: { id: string; ifRevisionID: string; set: Record<string, unknown> } }

/**
 * Remove from this section: the section's flag cleared on the published article and on its draft,
 * in one transaction, each guarded by the revision the list showed (a change since fails it with
 * 409, and nothing is written). A draft made from the published revision it patches stays based on
 * the published version, which this transaction (`transactionId`) writes, so it is not taken for stale.
 */
export function removeFromSectionMutations(type: SectionType, item: Pick<AdminListItem, 'id' | 'revisions'>, transactionId: string): SectionPatch[] {
  const flag = sectionFlags[type]
  if (!flag) throw new Error(`${type} is not a section an article is flagged for`)
  const revisions = item.revisions ?? { published: null, draft: null, draftBasedOn: null }
  const mutations: SectionPatch[] = []
  if (revisions.published) mutations.push({ patch: { id: item.id, ifRevisionID: revisions.published, set: { [flag]: false } } })
  if (revisions.draft) {
    const rebased = revisions.published !== null && revisions.draftBasedOn === revisions.published
    mutations.push({ patch: { id: `drafts.${item.id}`, ifRevisionID: revisions.draft, set: { [flag]: false, ...(rebased ? { [basedOnField]: transactionId } : {}) } } })
  }
  return mutations
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
