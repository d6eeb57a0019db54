import * as Toast from '@radix-ui/react-toast'
import { useSelector } from '@xstate/react'
import type { ToastRef } from '../machines/toastMachine.ts'
import './Toaster.css'

export interface ToasterProps {
  toasts: ToastRef[]
}

/**
 * The admin's toasts, top-right, rendered by Radix (announced politely, or assertively for errors;
 * F8 jumps to them). How long each stays is the toast machine's business, not Radix's.
 */
export function Toaster({ toasts }: ToasterProps) {
  return (
    <Toast.Provider swipeDirection="right" duration={Number.POSITIVE_INFINITY} label="Notification">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
      <Toast.Viewport className="toaster" />
    </Toast.Provider>
  )
}

function ToastItem({ toast }: { toast: ToastRef }) {
  const content = useSelector(toast, (s) => s.context.content)
  const open = useSelector(toast, (s) => s.matches('open'))
  return (
    <Toast.Root
      className={`toast toast--${content.kind}`}
      open={open}
      onOpenChange={(next) => {
        if (!next) toast.send({ type: 'dismiss' })
      }}
      duration={Number.POSITIVE_INFINITY}
      type={content.kind === 'error' ? 'foreground' : 'background'}
    >
      {content.kind === 'loading' ? <span className="toast__spinner" aria-hidden="true" /> : null}
      <div className="toast__text">
        <Toast.Title className="toast__title">{content.title}</Toast.Title>
        {content.description ? <Toast.Description className="toast__description">{content.description}</Toast.Description> : null}
      </div>
      {content.kind === 'loading' ? null : (
        <Toast.Close className="toast__close" aria-label="Dismiss notification">
          <span aria-hidden="true">×</span>
        </Toast.Close>
      )}
    </Toast.Root>
  )
}
