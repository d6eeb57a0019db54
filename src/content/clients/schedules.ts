// The admin's calls to the Scheduling API (`/schedules/{projectId}/{dataset}`, API version
// 2022-04-01), the same on the embedded service and on a hosted Sanity project. The signed-in
// editor's client is handed in, so these work with whichever token the admin holds.

import type { SanityClient } from '@sanity/client'
import type { ScheduledPublish, ScheduleSummary } from '../admin/schedules.ts'

const schedulingApiVersion = '2022-04-01'

function schedulingApi(client: SanityClient): { api: SanityClient; base: string } {
  const { projectId, dataset } = client.config()
  return { api: client.withConfig({ apiVersion: schedulingApiVersion }), base: `/schedules/${projectId}/${dataset}` }
}

/** Schedules still to run, of the given articles (all articles when none are named). */
export async function pendingSchedules(client: SanityClient, documentIds?: readonly string[]): Promise<ScheduleSummary[]> {
  if (documentIds && documentIds.length === 0) return []
  const { api, base } = schedulingApi(client)
  const query: Record<string, string> = { state: 'scheduled' }
  if (documentIds) query.documentIds = documentIds.join(',')
  const answer = await api.request<{ schedules?: ScheduleSummary[] }>({ uri: base, query })
  return answer.schedules ?? []
}

/** Schedules the article's draft to be published at `executeAt`. */
export async function schedulePublish(client: SanityClient, documentId: string, executeAt: Date, name: string): Promise<ScheduledPublish> {
  const { api, base } = schedulingApi(client)
  const schedule = await api.request<ScheduledPublish>({
    uri: base,
    method: 'POST',
    body: { documents: [{ documentId }], executeAt: executeAt.toISOString(), name, action: 'publish' },
  })
  return { id: schedule.id, executeAt: schedule.executeAt }
}

/** Cancels a schedule before it runs; the article stays a draft. */
export async function cancelSchedule(client: SanityClient, scheduleId: string): Promise<void> {
  const { api, base } = schedulingApi(client)
  await api.request({ uri: `${base}/${encodeURIComponent(scheduleId)}`, method: 'PATCH', body: { state: 'cancelled' } })
}
