// What the admin dashboard asks the content service: the newest lead, featured and latest-update
// articles (drafts as editors see them), in one request.

import type { QueryClient } from './contentService.ts'
import { articleFilter } from './draftOverlay.ts'
import { listItem, listItemOf, newestFirst, type AdminListItem } from './listItem.ts'

/** How many articles each dashboard section lists; the spec fixes Latest Updates at 5. */
export const dashboardLimits = { lead: 5, featured: 10, latest: 5 } as const

export const dashboardQuery = `{
  "lead": *[${articleFilter} && isLeadStory == true] | ${newestFirst}[0...${dashboardLimits.lead}]${listItem},
  "featured": *[${articleFilter} && isFeatured == true] | ${newestFirst}[0...${dashboardLimits.featured}]${listItem},
  "latest": *[${articleFilter} && isLatestUpdate == true] | ${newestFirst}[0...${dashboardLimits.latest}]${listItem}
}`

export interface DashboardData {
  lead: AdminListItem[]
  featured: AdminListItem[]
  latest: AdminListItem[]
}

export async function fetchDashboard(client: QueryClient): Promise<DashboardData> {
  const result = await client.fetch<Record<keyof DashboardData, Array<AdminListItem> | null>>(dashboardQuery)
  return {
    lead: (result?.lead ?? []).map(listItemOf),
    featured: (result?.featured ?? []).map(listItemOf),
    latest: (result?.latest ?? []).map(listItemOf),
  }
}
