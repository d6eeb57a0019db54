// The Audience page's and the reads panel's live objects: the Audience client of whoever is signed
// in, and a hook that asks again every minute and whenever the editor comes back to the tab, keeping
// the numbers shown when a refresh fails. (Files starting with '-' are not routes.)

import { useCallback, useEffect, useRef, useState } from 'react'
import { contentConfig } from '../../../shared/contentConfig.ts'
import { audienceRefreshMs } from '../../content/admin/audience.ts'
import { createAudienceClient, type AudienceClient } from '../../content/clients/audience.ts'
import { refusalOf } from '../../content/clients/errors.ts'
import { newsroomBase } from '../../content/clients/newsroom.ts'
import { authActor } from './-session.ts'

let cached: { token: string; client: AudienceClient } | null = null

/** Runs an Audience call with the signed-in user's client; a 401 signs them out here too. */
export async function withAudience<T>(call: (client: AudienceClient) => Promise<T>): Promise<T> {
  const token = authActor.getSnapshot().context.session?.access_token
  if (!token) throw new Error('Not signed in')
  if (cached?.token !== token) {
    const config = contentConfig(import.meta.env as unknown as Record<string, string>, window.location.origin)
    cached = { token, client: createAudienceClient(token, newsroomBase(), { apiVersion: config.apiVersion, dataset: config.dataset }) }
  }
  try {
    return await call(cached.client)
  } catch (error) {
    if (refusalOf(error) === 'unauthorised') authActor.send({ type: 'session.expired' })
    throw error
  }
}

export type PolledState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string; error: unknown }
  | { status: 'ready'; data: T; refreshError: string | null }

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Loads `key` with `load`, then again every minute and when the window regains focus or the tab is
 * shown. A new `key` starts over (the loading state); a failed refresh keeps the last numbers and
 * says so. `load` should be one function for the page's life (a module's), not made per render.
 */
export function usePolledReads<T>(key: string, load: (key: string) => Promise<T>): { state: PolledState<T>; retry: () => void } {
  const [entry, setEntry] = useState<{ key: string; state: PolledState<T> } | null>(null)
  // Answers for an earlier key (or an unmounted page) are dropped.
  const current = useRef<string | null>(null)

  const refresh = useCallback(
    (asked: string) => {
      load(asked).then(
        (data) => {
          if (current.current === asked) setEntry({ key: asked, state: { status: 'ready', data, refreshError: null } })
        },
        (error: unknown) => {
          if (current.current !== asked) return
          setEntry((previous) =>
            previous?.key === asked && previous.state.status === 'ready'
              ? { key: asked, state: { ...previous.state, refreshError: messageOf(error) } }
              : { key: asked, state: { status: 'error', message: messageOf(error), error } },
          )
        },
      )
    },
    [load],
  )

  useEffect(() => {
    current.current = key
    const again = () => refresh(key)
    again()
    const timer = window.setInterval(again, audienceRefreshMs)
    const onVisible = () => {
      if (document.visibilityState === 'visible') again()
    }
    window.addEventListener('focus', again)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      current.current = null
      window.clearInterval(timer)
      window.removeEventListener('focus', again)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [key, refresh])

  const retry = useCallback(() => {
    setEntry({ key, state: { status: 'loading' } })
    refresh(key)
  }, [key, refresh])

  return { state: entry?.key === key ? entry.state : { status: 'loading' }, retry }
}
