// The Newsletters pages' live objects: the newsletters client of whoever is signed in, whether their
// the story search, and the composer machine with its real calls.
// (Files starting with '-' are not routes.)

import { useActorRef } from '@xstate/react'
import { useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import { searchStories, draftBody, type EditionDetail, type EditionDraft, type EditionStory } from '../../content/admin/newsletters.ts'
import type { Loadable } from '../../content/admin/display.ts'
import { refusalOf } from '../../content/clients/errors.ts'
import { newsroomBase } from '../../content/clients/newsroom.ts'
import { createNewslettersClient, type NewslettersClient } from '../../content/clients/newsletters.ts'
import { editionMachine } from '../../machines/editionMachine.ts'
import { authActor, withSession } from './-session.ts'

let cached: { token: string; client: NewslettersClient } | null = null

function newslettersClient(): NewslettersClient {
  const token = authActor.getSnapshot().context.session?.access_token
  if (!token) throw new Error('Not signed in')
  if (cached?.token !== token) cached = { token, client: createNewslettersClient(token, newsroomBase()) }
  return cached.client
}

/** A newsletters call; a 401 signs the editor out here too, as for the other newsroom pages. */
export async function withNewsletters<T>(call: (client: NewslettersClient) => Promise<T>): Promise<T> {
  try {
    return await call(newslettersClient())
  } catch (error) {
    if (refusalOf(error) === 'unauthorised') authActor.send({ type: 'session.expired' })
    throw error
  }
}

/** The published stories an edition may pick: the latest, or those whose title has what was typed. */
export function useStorySearch(): { q: string; results: Loadable<EditionStory[]>; setQ: (q: string) => void } {
  const [q, setQ] = useState('')
  const [results, setResults] = useState<Loadable<EditionStory[]>>({ status: 'loading' })
  useEffect(() => {
    let current = true
    // A moment's wait so each keystroke does not ask the service.
    const wait = setTimeout(() => {
      withSession((client) => searchStories(client, q)).then(
        (data) => current && setResults({ status: 'ready', data }),
        (error: unknown) => current && setResults({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
      )
    }, q ? 250 : 0)
    return () => {
      current = false
      clearTimeout(wait)
    }
  }, [q])
  return {
    q,
    results,
    setQ: (next) => {
      setQ(next)
      setResults({ status: 'loading' })
    },
  }
}

/** Saves the draft as the form shows it: creates the edition the first time, then updates it at its revision. */
async function saveDraft(edition: EditionDetail | null, draft: EditionDraft): Promise<EditionDetail> {
  return withNewsletters((client) => (edition ? client.update(edition._id, { ...draftBody(draft), revision: edition.revision }) : client.create(draftBody(draft))))
}

/** The composer machine with its calls to the service; each saves first, so what is previewed, tested or sent is what the form shows. */
export function useEditionActor(edition: EditionDetail | null, draft: EditionDraft) {
  return useActorRef(
    editionMachine.provide({
      actors: {
        save: fromPromise(({ input }) => saveDraft(input.edition, input.draft)),
        preview: fromPromise(async ({ input }) => {
          const saved = await saveDraft(input.edition, input.draft)
          return { edition: saved, preview: await withNewsletters((client) => client.preview(saved._id)) }
        }),
        test: fromPromise(async ({ input }) => {
          const saved = await saveDraft(input.edition, input.draft)
          return { edition: saved, test: await withNewsletters((client) => client.test(saved._id)) }
        }),
        send: fromPromise(async ({ input }) => {
          const saved = await saveDraft(input.edition, input.draft)
          return withNewsletters((client) => client.send(saved._id, input.at))
        }),
        unschedule: fromPromise(({ input }) => withNewsletters((client) => client.unschedule(input.edition._id))),
      },
    }),
    { input: { edition, draft } },
  )
}
