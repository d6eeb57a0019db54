// The inbox, subscriber and outbox pages' live objects: the newsroom client of whoever is signed in,
// the inbox's unread count the side navigation shows, and saving an export as a download.
// (Files starting with '-' are not routes.)

import { useEffect, useSyncExternalStore } from 'react'
import { refusalOf } from '../../content/clients/errors.ts'
import { createNewsroomClient, newsroomBase, type NewsroomClient } from '../../content/clients/newsroom.ts'
import { authActor } from './-session.ts'

let cached: { token: string; client: NewsroomClient } | null = null

function newsroomClient(): NewsroomClient {
  const token = authActor.getSnapshot().context.session?.access_token
  if (!token) throw new Error('Not signed in')
  if (cached?.token !== token) cached = { token, client: createNewsroomClient(token, newsroomBase()) }
  return cached.client
}

/**
 * Runs a newsroom call; when the service says the session is no longer valid (401), the editor is
 * signed out here too, and the guard sends them to the sign-in page (as withSession does for content).
 */
export async function withNewsroom<T>(call: (client: NewsroomClient) => Promise<T>): Promise<T> {
  try {
    return await call(newsroomClient())
  } catch (error) {
    if (refusalOf(error) === 'unauthorised') authActor.send({ type: 'session.expired' })
    throw error
  }
}

// The unread count: known from any inbox page loaded, and asked for when the admin opens and after a
// message is marked read or unread, so the side link keeps up without a request per navigation.
let unread: number | null = null
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function noteUnread(count: number): void {
  if (count === unread) return
  unread = count
  for (const listener of listeners) listener()
}

/** Asks the service for the unread count; a failure leaves the side link without one, never an error. */
export async function refreshUnread(): Promise<void> {
  try {
    noteUnread((await withNewsroom((client) => client.inbox({ page: 1, show: 'unread' }))).unread)
  } catch {
    // The inbox page itself says what is wrong when it is opened.
  }
}

/**
 * The inbox's unread count for the side navigation, asked for once when the admin area opens by
 * someone who may read the inbox (`asked`): a contributor is not shown it, and the service refuses them.
 */
export function useUnreadCount(asked: boolean): number | null {
  useEffect(() => {
    if (asked) void refreshUnread()
  }, [asked])
  return useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  )
}

/**
 * Saves a file the page fetched (the export needs the editor's token, so it cannot be a plain link)
 * through a temporary download link.
 */
export function saveDownload(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the object URL after the click returns: it is let go a while later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
