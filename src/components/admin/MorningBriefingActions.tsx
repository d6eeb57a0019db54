import { useRef } from 'react'
import { morningSendQuestion, type MorningPreview } from '../../content/admin/newsletters.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { ActionStatus, type ActionMessage } from './ActionStatus.tsx'
import { EditionPreview } from './EditionPreview.tsx'
import './NewsroomList.css'
import './EditionComposer.css'

export type MorningBusy = 'previewing' | 'testing' | 'sending' | null

export interface MorningBriefingActionsProps {
  preview: MorningPreview | null
  message: ActionMessage | null
  busy: MorningBusy
  /** Whether the "send now?" question is open. */
  confirming: boolean
  /** Confirmed subscribers of the Morning Briefing now (null when not known). */
  recipients: number | null
  /** The signed-in editor's address, where a test goes. */
  testAddress: string | null
  onPreview: () => void
  onClosePreview: () => void
  onTest: () => void
  onAskSend: () => void
  onConfirmSend: () => void
  onCancelSend: () => void
}

const busyLabels: Record<Exclude<MorningBusy, null>, string> = {
  previewing: 'Composing the preview...',
  testing: 'Sending the test...',
  sending: 'Sending...',
}

/**
 * The Morning Briefing's actions: a preview of it as it would be composed from the front page now,
 * a test to the editor's own address, and today's sent now (after a question naming how many it
 * goes to); the service refuses a second one the same day, or one with nothing new, and says so.
 */
export function MorningBriefingActions(props: MorningBriefingActionsProps) {
  const { busy, preview } = props
  const fallbackFocus = useRef<HTMLButtonElement>(null)
  const act = (run: () => void) => () => {
    if (busy === null) run()
  }
  return (
    <div className="morning-actions">
      <div className="edition-composer__actions">
        <button type="button" ref={fallbackFocus} className="newsroom-list__button" aria-disabled={busy !== null || undefined} onClick={act(props.onPreview)}>
          Preview
        </button>
        <button type="button" className="newsroom-list__button" aria-disabled={busy !== null || undefined} onClick={act(props.onTest)}>
          Send test to me
        </button>
        <button type="button" className="newsroom-list__button edition-composer__primary" aria-disabled={busy !== null || undefined} onClick={act(props.onAskSend)}>
          Send now
        </button>
      </div>
      {props.testAddress ? <p className="edition-composer__help">A test goes to {props.testAddress} only, with links that work for nobody else.</p> : null}
      <ActionStatus busyLabel={busy ? busyLabels[busy] : null} message={props.message} />
      {preview ? (
        <>
          {preview.empty ? <p className="edition-composer__problem">The front page has no published stories now, so no Morning Briefing would be sent.</p> : null}
          <EditionPreview preview={preview} />
          <button type="button" className="newsroom-list__button" onClick={props.onClosePreview}>
            Close the preview
          </button>
        </>
      ) : null}
      <ConfirmDialog
        open={props.confirming}
        title="Send the Morning Briefing"
        message={morningSendQuestion(props.recipients)}
        detail={<p>It is composed from the front page now and goes to each of them once; it is the only one today. This cannot be called back.</p>}
        confirmLabel="Send now"
        busyLabel="Sending..."
        busy={busy === 'sending'}
        onConfirm={props.onConfirmSend}
        onCancel={props.onCancelSend}
        fallbackFocus={fallbackFocus}
      />
    </div>
  )
}
