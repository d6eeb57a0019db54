// The Newsletters pages' live objects: the newsletters client of whoever is signed in, the story
// search, and the composer machine with its real calls.
// (Files starting with '-' are not routes.)

import { useActorRef } from '@xstate/react'
import { useEffect, useState } from 'react'
import { fromPromise, type ActorRefFrom } from 'xstate'
import { searchStories, draftBody, draftOf, type EditionDetail, type EditionDraft, type EditionStory } from '../../content/admin/newsletters.ts'
import type { Loadable } from '../../content/admin/display.ts'
import { refusalOf } from '../../content/clients/errors.ts'
import { newsroomBase } from '../../content/clients/newsroom.ts'
import { createNewslettersClient, type NewslettersClient } from '../../content/clients/newsletters.ts'
import { editionMachine, type EditionInput } from '../../machines/editionMachine.ts'
import { morningBriefingMachine } from '../../machines/morningBriefingMachine.ts'
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

type EditionActor = ActorRefFrom<typeof editionMachine>

/**
 * A new edition's composer, handed over when its first save moves the page to the edition's own
 * address: the composer there goes on from where this one was (the form, the preview, the message).
 */
const handedOver = new Map<string, EditionActor>()

export function handOver(id: string, actor: EditionActor): void {
  handedOver.clear()
  handedOver.set(id, actor)
}

/**
 * The input of an edition's composer: what a handed-over composer held, or the edition as loaded
 * (also when someone saved it since the hand-over: then their save is what the editor starts from).
 */
export function composerInput(edition: EditionDetail): EditionInput {
  const from = handedOver.get(edition._id)?.getSnapshot().context
  if (!from?.edition || from.edition.revision !== edition.revision) return { edition, draft: draftOf(edition) }
  return { edition: from.edition, draft: from.draft, preview: from.preview, message: from.message }
}

/** Called once the edition's composer is on screen: a later visit starts from the edition as loaded. */
export function forgetHandOver(id: string): void {
  handedOver.delete(id)
}

/** The composer machine with its calls to the service; each saves first, so what is previewed, tested or sent is what the form shows. */
export function useEditionActor(input: EditionInput) {
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
    { input },
  )
}

/** The Morning Briefing's actions with their calls to the service. */
export function useMorningActor() {
  return useActorRef(
    morningBriefingMachine.provide({
      actors: {
        preview: fromPromise(() => withNewsletters((client) => client.morningPreview())),
        test: fromPromise(() => withNewsletters((client) => client.morningTest())),
        send: fromPromise(() => withNewsletters((client) => client.morningSend())),
      },
    }),
  )
}
