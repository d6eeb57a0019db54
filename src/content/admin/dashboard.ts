// What the admin dashboard shows: the homepage as readers see it now, section by section (breaking,
// lead, the featured, the latest, trending), and beside each the flagged articles readers do not
// see there (outranked by a newer story, past the section's size, or flagged only in a draft), each
// saying whether it is on the homepage in another section (an article flagged featured and latest may
// be shown among the latest only; an ended live blog flagged breaking and lead is shown as the lead). The
// homepage's own query and rules (src/content/homepage/) pick what is shown, read through the
// published perspective as a reader would, so the dashboard cannot disagree with the homepage.
// Every row is the version readers see (its published title), marked where a draft beside it
// differs; an article never published is listed as its draft.

import type { Fetch } from './contentService.ts'
import { flaggedInEither, readersArticleFilter } from '../../../shared/draftOverlay.ts'
import type { PublishedFetch } from './frontPage.ts'
import { listItem, listItemOf, newestFirst, type AdminListItem } from './listItem.ts'
import { loadHomepage, type CardArticle, type HomepageSections } from '../homepage/rules.ts'
import { limits } from '../homepage/limits.ts'
import { sectionTitles } from './addresses.ts'

/** The dashboard's sections, in the homepage's order. Trending has no flag: it is what readers read. */
export const dashboardSections = ['breaking', 'lead', 'featured', 'latest', 'trending'] as const
export type DashboardSectionKey = (typeof dashboardSections)[number]
type FlaggedSection = Exclude<DashboardSectionKey, 'trending'>

const flags: Record<FlaggedSection, string> = {
  breaking: 'isBreakingNews',
  lead: 'isLeadStory',
  featured: 'isFeatured',
  latest: 'isLatestUpdate',
}

/** Flagged articles listed past what a section shows: enough to see what is piling up, bounded. */
export const flaggedListLimit = 10

/** The sections' names as the homepage and the dashboard give them. */
export const dashboardSectionTitles: Record<DashboardSectionKey, string> = {
  breaking: 'Breaking News',
  lead: sectionTitles.lead,
  featured: sectionTitles.featured,
  latest: sectionTitles.latest,
  trending: sectionTitles.trending,
}

/** A flagged article not shown in its section, with the sections of the homepage it is shown in (none, mostly). */
export type NotShownItem = AdminListItem & { shownIn: DashboardSectionKey[] }

export interface DashboardSection {
  /** On the homepage now, in its order. */
  shown: AdminListItem[]
  /** Flagged for the section but not on the homepage in it, newest first. */
  notShown: NotShownItem[]
}

/** What the mark beside a flagged article not shown in its section says: where readers see it, if they do. */
export function notShownBadge(item: Pick<NotShownItem, 'shownIn'>): string {
  if (item.shownIn.length === 0) return 'Not on the homepage'
  const titles = item.shownIn.map((key) => dashboardSectionTitles[key])
  const list = titles.length === 1 ? titles[0] : `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}`
  return `On the homepage in ${list}`
}

export type DashboardData = Record<DashboardSectionKey, DashboardSection>

const flaggedCount = (section: FlaggedSection) => (section === 'featured' ? limits.featured + limits.lead : section === 'latest' ? limits.latest : 1) + flaggedListLimit

/**
 * The flagged articles (in the version readers see, or in a draft beside it) and the shown ones,
 * each as readers see it, with whether a draft beside it differs and the revisions it is at.
 */
export const flaggedQuery = `{
${(Object.keys(flags) as FlaggedSection[]).map((section) => `  "${section}": *[${readersArticleFilter} && ${flaggedInEither(flags[section])}] | ${newestFirst}[0...${flaggedCount(section)}]${listItem}`).join(',\n')},
  "shown": *[_type == "article" && _id in $ids]${listItem}
}`

type Rows = Array<Partial<AdminListItem> & { id: string }> | null
type FlaggedResult = Record<FlaggedSection | 'shown', Rows>

export interface DashboardDeps {
  /** The editors' view (raw perspective): drafts included. */
  fetch: Fetch
  /** The readers' view (published perspective), for the homepage's own query. */
  fetchPublished: PublishedFetch
}

const shownOf = (sections: HomepageSections): Record<DashboardSectionKey, CardArticle[]> => ({
  breaking: sections.breaking ? [sections.breaking] : [],
  lead: sections.lead ? [sections.lead] : [],
  featured: sections.featured,
  latest: sections.latest,
  trending: sections.trending,
})

export async function fetchDashboard({ fetch, fetchPublished }: DashboardDeps): Promise<DashboardData> {
  const { sections } = await loadHomepage(fetchPublished)
  const shown = shownOf(sections)
  const shownIds = [...new Set(Object.values(shown).flatMap((list) => list.map((article) => article._id)))]
  const flagged = await fetch<FlaggedResult>(flaggedQuery, { ids: shownIds })
  const editorsRows = new Map((flagged?.shown ?? []).map((raw) => [raw.id, listItemOf(raw)]))
  // A shown article is published; were it deleted since the homepage was read, its card still says what readers saw.
  const rowOf = (article: CardArticle): AdminListItem =>
    editorsRows.get(article._id) ?? {
      id: article._id,
      title: article.title ?? null,
      category: article.categories?.[0]?.title ?? null,
      publishedAt: article.publishedAt ?? null,
      hasPublished: true,
      hasDraft: false,
    }
  const shownIn = (id: string) => dashboardSections.filter((key) => shown[key].some((article) => article._id === id))
  const section = (key: DashboardSectionKey): DashboardSection => {
    const here = shown[key].map(rowOf)
    if (key === 'trending') return { shown: here, notShown: [] }
    // The lead is shown once, as the lead, even when it is featured too.
    const elsewhere = new Set([...here.map((row) => row.id), ...(key === 'featured' && sections.lead ? [sections.lead._id] : [])])
    const notShown = (flagged?.[key] ?? [])
      .map(listItemOf)
      .filter((row) => !elsewhere.has(row.id))
      .map((row) => ({ ...row, shownIn: shownIn(row.id) }))
    return { shown: here, notShown: notShown.slice(0, flaggedListLimit) }
  }
  return Object.fromEntries(dashboardSections.map((key) => [key, section(key)])) as DashboardData
}
