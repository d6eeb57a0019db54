import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { EditionComposer } from '../../../components/admin/EditionComposer.tsx'
import { emptyDraft, type EditionDetail } from '../../../content/admin/newsletters.ts'
import { editionView } from '../../../machines/editionMachine.ts'
import { composerInput, forgetHandOver, handOver, useEditionActor, useStorySearch } from '../-newsletters.ts'
import { authActor } from '../-session.ts'

/** The composer of a new or a saved editors' edition, driven by the edition machine. */
export function EditionComposerPage({ edition, recipients }: { edition: EditionDetail | null; recipients: number | null }) {
  const [input] = useState(() => (edition ? composerInput(edition) : { edition: null, draft: emptyDraft }))
  const actor = useEditionActor(input)
  const loadedId = edition?._id ?? null
  useEffect(() => {
    if (loadedId) forgetHandOver(loadedId)
  }, [loadedId])
  const view = useSelector(actor, editionView)
  // Once its first save has created it, it is that edition's composer.
  const savedId = useSelector(actor, (s) => s.context.edition?._id ?? null)
  const settled = view.busy === null && !view.confirming
  const search = useStorySearch()
  const testAddress = useSelector(authActor, (s) => s.context.user?.email ?? null)
  const navigate = useNavigate()
  const sentId = view.sent?._id ?? null
  // Once it has gone (or been kept), its page shows the delivery log.
  useEffect(() => {
    if (sentId) void navigate({ to: '/admin/newsletters/$id', params: { id: sentId }, replace: true })
  }, [sentId, navigate])
  // A new edition, once its first save created it and the call that saved it has finished, moves to
  // its own address (replacing /new, so Back leads where the editor came from), composer and all.
  useEffect(() => {
    if (edition !== null || savedId === null || sentId !== null || !settled) return
    handOver(savedId, actor)
    void navigate({ to: '/admin/newsletters/$id', params: { id: savedId }, replace: true })
  }, [edition, savedId, sentId, settled, actor, navigate])
  return (
    <EditionComposer
      mode={savedId ? 'edit' : 'new'}
      {...view}
      recipients={recipients}
      testAddress={testAddress}
      search={{ q: search.q, results: search.results }}
      onSearch={search.setQ}
      onEdit={(draft) => actor.send({ type: 'edit', draft })}
      onSave={() => actor.send({ type: 'save' })}
      onPreview={() => actor.send({ type: 'preview' })}
      onTest={() => actor.send({ type: 'test' })}
      onAskSend={() => actor.send({ type: 'send.ask' })}
      onConfirmSend={() => actor.send({ type: 'send.confirm' })}
      onCancelSend={() => actor.send({ type: 'send.cancel' })}
      onSchedule={(at) => actor.send({ type: 'schedule', at })}
      onUnschedule={() => actor.send({ type: 'unschedule' })}
    />
  )
}
