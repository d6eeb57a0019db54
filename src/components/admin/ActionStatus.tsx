import './EditionComposer.css'

/** What the last action came to: done (said politely) or a problem (announced at once). */
export interface ActionMessage {
  tone: 'done' | 'problem'
  text: string
}

export interface ActionStatusProps {
  /** What is under way now ("Sending the test..."), or null when nothing is. */
  busyLabel: string | null
  message: ActionMessage | null
}

/**
 * The line under the newsletter actions: what is under way, else what the last action did, in a
 * status region; a problem in an alert of its own, shown only once nothing is under way.
 */
export function ActionStatus({ busyLabel, message }: ActionStatusProps) {
  return (
    <>
      <p role="status" className="edition-composer__status">
        {busyLabel ?? (message?.tone === 'done' ? message.text : null)}
      </p>
      {message?.tone === 'problem' && !busyLabel ? (
        <p role="alert" className="edition-composer__problem">
          {message.text}
        </p>
      ) : null}
    </>
  )
}
