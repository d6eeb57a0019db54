// Presence for the edit route (docs/decisions/020-presence.md): the presence machine with the
// signed-in editor's presence client for its effects, started while an article's form is open and
// told to leave when the form unmounts or the page is hidden. A page brought back from the
// back-forward cache announces itself again. (Files starting with '-' are not routes.)

import { useEffect, useState } from 'react'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { EditorsPresentProps } from '../../../components/admin/EditorsPresent.tsx'
import type { PresentEditor } from '../../../content/admin/presence.ts'
import { createPresenceClient, newTabId, type PresenceClient } from '../../../content/clients/presence.ts'
import { presenceMachine, presenceView, type PresenceEvent } from '../../../machines/presenceMachine.ts'
import { authActor, withSession } from '../-session.ts'

const alone: EditorsPresentProps = { editors: [], unavailable: false }

/** The client of whoever is signed in now, or null once they are not. */
function presenceClient(): PresenceClient | null {
  const token = authActor.getSnapshot().context.session?.access_token
  return token ? createPresenceClient(token) : null
}

function presenceOf(tab: string) {
  return presenceMachine.provide({
    actors: {
      // A 401 signs the editor out, as any other call does.
      announce: fromPromise<PresentEditor[], { documentId: string }>(({ input }) =>
        withSession(() => {
          const client = presenceClient()
          if (!client) throw new Error('Not signed in')
          return client.announce(input.documentId, tab)
        }),
      ),
      watch: fromCallback<PresenceEvent, { documentId: string }>(({ sendBack, input }) => {
        const controller = new AbortController()
        const ended = () => {
          if (!controller.signal.aborted) sendBack({ type: 'stream.ended' })
        }
        const client = presenceClient()
        if (!client) ended()
        else void client.watch(input.documentId, tab, (editors) => sendBack({ type: 'editors.changed', editors }), controller.signal).then(ended, ended)
        return () => controller.abort()
      }),
    },
    actions: {
      leave: ({ context }) => presenceClient()?.leave(context.documentId, tab),
    },
  })
}

/** Who else has the article open, for the line above its form. */
export function useEditorsPresent(documentId: string): EditorsPresentProps {
  const [view, setView] = useState<EditorsPresentProps>(alone)
  useEffect(() => {
    const machine = presenceOf(newTabId())
    let actor = createActor(machine, { input: { documentId } })
    const start = () => {
      actor.subscribe((snapshot) => setView(presenceView(snapshot)))
      actor.start()
    }
    start()
    const hide = () => actor.send({ type: 'leave' })
    const show = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      actor.stop()
      actor = createActor(machine, { input: { documentId } })
      start()
    }
    window.addEventListener('pagehide', hide)
    window.addEventListener('pageshow', show)
    return () => {
      window.removeEventListener('pagehide', hide)
      window.removeEventListener('pageshow', show)
      actor.send({ type: 'leave' })
      actor.stop()
      setView(alone)
    }
  }, [documentId])
  return view
}
