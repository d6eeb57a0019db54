import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { EditionComposer } from '../../../components/admin/EditionComposer.tsx'
import { emptyDraft, draftOf, type EditionDetail } from '../../../content/admin/newsletters.ts'
import { editionView } from '../../../machines/editionMachine.ts'
import { useEditionActor, useStorySearch } from '../-newsletters.ts'
import { authActor } from '../-session.ts'

/** The composer of a new or a saved editors' edition, driven by the edition machine. */
export function EditionComposerPage({ edition, recipients }: { edition: EditionDetail | null; recipients: number | null }) {
  const actor = useEditionActor(edition, edition ? draftOf(edition) : emptyDraft)
  const view = useSelector(actor, editionView)
  // Once its first save has created it, it is that edition's composer.
  const saved = useSelector(actor, (s) => s.context.edition !== null)
  const search = useStorySearch()
  const testAddress = useSelector(authActor, (s) => s.context.user?.email ?? null)
  const navigate = useNavigate()
  const sentId = view.sent?._id ?? null
  // Once it has gone (or been kept), its page shows the delivery log.
  useEffect(() => {
    if (sentId) void navigate({ to: '/admin/newsletters/$id', params: { id: sentId }, replace: true })
  }, [sentId, navigate])
  return (
    <EditionComposer
      mode={saved ? 'edit' : 'new'}
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
