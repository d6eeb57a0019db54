import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react'
import './ConfirmDialog.css'

export interface ConfirmDialogProps {
  open: boolean
  /** The dialog's heading, which names it: "Delete article". */
  title: string
  /** The question, in the spec's words: "Are you sure you want to delete this article?" */
  message: string
  /** What the question is about, such as the article's title. */
  detail?: ReactNode
  confirmLabel?: string
  /** The safe answer's words ("Stay" where the question is about leaving). */
  cancelLabel?: string
  /** The confirm button's words while the action runs. */
  busyLabel?: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
  /**
   * Where focus goes on closing when the control that opened the dialog has gone meanwhile (the row
   * it belonged to was deleted). Without it focus would fall back to the page's start.
   */
  fallbackFocus?: RefObject<HTMLElement | null>
}

/**
 * A modal question with Cancel and a destructive confirm button: a native `<dialog>` opened with
 * `showModal()`, so the rest of the page is inert and Escape is a cancel. Focus starts on Cancel (the
 * safe answer) and goes back where it came from when the dialog closes.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  detail,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  busyLabel = 'Deleting...',
  busy = false,
  onConfirm,
  onCancel,
  fallbackFocus,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const openerRef = useRef<Element | null>(null)
  const watcherRef = useRef<MutationObserver | null>(null)
  const titleId = useId()
  const messageId = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      watcherRef.current?.disconnect()
      openerRef.current = document.activeElement
      // Browsers without the dialog API (and jsdom) get a plain open dialog; Escape is handled below.
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
      cancelRef.current?.focus()
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
      const opener = openerRef.current
      openerRef.current = null
      if (opener instanceof HTMLElement && opener.isConnected) {
        opener.focus()
        // After a delete the opener's row usually goes a moment later, when the refreshed list
        // renders; focus would then drop to the page's start. Follow it to the fallback instead.
        if (fallbackFocus) watcherRef.current = watchRemoval(opener, () => fallbackFocus.current?.focus())
      } else {
        fallbackFocus?.current?.focus()
      }
    }
  }, [open, fallbackFocus])

  useEffect(() => () => watcherRef.current?.disconnect(), [])

  const cancel = () => {
    // An action under way cannot be called back; the dialog closes when it ends.
    if (!busy) onCancel()
  }

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      aria-busy={busy || undefined}
      onCancel={(event) => {
        // The browser would close the dialog itself; the owner decides, through `open`.
        event.preventDefault()
        cancel()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          cancel()
        }
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <p id={messageId} className="confirm-dialog__message">
        {message}
      </p>
      {detail ? <div className="confirm-dialog__detail">{detail}</div> : null}
      <div className="confirm-dialog__actions">
        <button ref={cancelRef} type="button" className="confirm-dialog__cancel" onClick={cancel} aria-disabled={busy || undefined}>
          {cancelLabel}
        </button>
        {/* aria-disabled rather than disabled while busy, so focus stays on the button that was pressed. */}
        <button type="button" className="confirm-dialog__confirm" onClick={() => (busy ? undefined : onConfirm())} aria-disabled={busy || undefined}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  )
}

/**
 * Calls `onRemoved` once if `element` leaves the document while it still has the focus; stops
 * watching as soon as focus moves elsewhere.
 */
function watchRemoval(element: HTMLElement, onRemoved: () => void): MutationObserver {
  const observer = new MutationObserver(() => {
    if (element.isConnected && document.activeElement === element) return
    observer.disconnect()
    const focusDropped = document.activeElement === null || document.activeElement === document.body
    if (!element.isConnected && focusDropped) onRemoved()
  })
  observer.observe(document.body, { childList: true, subtree: true })
  return observer
}

export interface Confirmation<T> {
  /** What the open dialog asks about; null when it is closed. */
  target: T | null
  busy: boolean
  ask: (target: T) => void
  cancel: () => void
  confirm: () => Promise<void>
}

/**
 * The confirm-then-act flow the admin lists share: `ask` opens the dialog for an item, `confirm`
 * runs the action (the dialog stays open, busy, until it settles), then the dialog closes whatever
 * the outcome; the action reports its own success or failure.
 */
export function useConfirmation<T>(action: (target: T) => Promise<unknown>): Confirmation<T> {
  const [target, setTarget] = useState<T | null>(null)
  const [busy, setBusy] = useState(false)
  return {
    target,
    busy,
    ask: (next) => {
      if (!busy) setTarget(next)
    },
    cancel: () => {
      if (!busy) setTarget(null)
    },
    confirm: async () => {
      if (target === null || busy) return
      setBusy(true)
      try {
        await action(target)
      } catch {
        // Reported by the action (a toast); the dialog only needs to close.
      } finally {
        setBusy(false)
        setTarget(null)
      }
    },
  }
}
