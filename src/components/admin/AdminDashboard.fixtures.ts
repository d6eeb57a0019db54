// Articles as the admin's short lists show them, for the dashboard's and section manager's stories and
// tests; the dashboard's sections as the homepage shows them, with flagged articles it does not.

import type { DashboardData, NotShownItem } from '../../content/admin/dashboard.ts'
import type { AdminListItem } from '../../content/admin/listItem.ts'

export const longTitle =
  'Mayor of London announces a sweeping review of night-time transport, licensing hours and late-opening libraries after a year-long consultation with residents, businesses and unions across all thirty-two boroughs'

export const leadArticle: AdminListItem = { id: 'lead-1', title: 'EU leaders agree emergency energy package after all-night summit', category: 'World', publishedAt: '2026-11-21T05:00:00Z', hasPublished: true, hasDraft: false }
export const draftArticle: AdminListItem = { id: 'draft-1', title: 'Weekend sport results', category: 'Sport', publishedAt: null, hasPublished: false, hasDraft: true }
/** Published, with an editor's draft beside it: listed as readers see it (the published title), and marked. */
export const editedArticle: AdminListItem = {
  id: 'edited-1',
  title: 'Thames Barrier closes',
  category: 'UK',
  publishedAt: '2026-11-20T08:00:00Z',
  hasPublished: true,
  hasDraft: false,
  draftDiffers: true,
  revisions: { published: 'rev-p', draft: 'rev-d', draftBasedOn: 'rev-p' },
}
export const uncategorisedArticle: AdminListItem = { id: 'plain-1', title: 'Letters: on the new cycle lanes', category: null, publishedAt: '2026-11-19T08:00:00Z', hasPublished: true, hasDraft: false }
export const longArticle: AdminListItem = { id: 'long-1', title: longTitle, category: 'News & Politics', publishedAt: '2026-11-18T08:00:00Z', hasPublished: true, hasDraft: false }

export const latestArticle: AdminListItem = { ...leadArticle, id: 'latest-2', title: 'Met Police to trial neighbourhood patrols on Hackney high streets', category: 'UK' }
export const breakingArticle: AdminListItem = { id: 'breaking-1', title: 'Storm surge closes the Thames Barrier', category: 'UK', publishedAt: '2026-11-21T06:10:00Z', hasPublished: true, hasDraft: false }
/** An older breaking story the newer one outranks: flagged, and not on the homepage. */
export const olderBreaking: AdminListItem = { id: 'breaking-0', title: 'Power cut across south London', category: 'UK', publishedAt: '2026-11-19T22:00:00Z', hasPublished: true, hasDraft: false }
const trendingArticle: AdminListItem = { id: 'trend-1', title: 'The best pubs on the Regent’s Canal', category: 'Life & Style', publishedAt: '2026-11-15T08:00:00Z', hasPublished: true, hasDraft: false }

/** Featured articles as the section manager lists them. */
export const featuredArticles: AdminListItem[] = [editedArticle, draftArticle, longArticle]

/** Flagged, and not on the homepage in any section. */
export const notShown = (article: AdminListItem): NotShownItem => ({ ...article, shownIn: [] })

export const dashboardData: DashboardData = {
  breaking: { shown: [breakingArticle], notShown: [notShown(olderBreaking)] },
  lead: { shown: [leadArticle], notShown: [] },
  // The latest story is flagged featured too: readers see it among the latest, not the featured.
  featured: { shown: [editedArticle, longArticle], notShown: [notShown(draftArticle), { ...latestArticle, shownIn: ['latest'] }] },
  latest: { shown: [uncategorisedArticle, latestArticle], notShown: [] },
  trending: { shown: [trendingArticle, uncategorisedArticle], notShown: [] },
}

const none = { shown: [], notShown: [] }
export const emptyDashboard: DashboardData = { breaking: none, lead: none, featured: none, latest: none, trending: none }

export const galleries: AdminListItem[] = [
  { id: 'gallery-1', title: 'Dawn on the Thames', category: 'UK', publishedAt: '2026-11-10T08:00:00Z', hasPublished: true, hasDraft: false },
  { id: 'gallery-2', title: 'Dusk in Deptford', category: null, publishedAt: null, hasPublished: false, hasDraft: true },
]
