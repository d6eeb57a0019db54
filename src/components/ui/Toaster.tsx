import * as Toast from '@radix-ui/react-toast'
import './Toaster.css'

/** One toast as the reader sees it; the admin route maps the toaster machine's toasts onto these. */
export interface ToastView {
  id: string
  kind: 'success' | 'error' | 'blank' | 'loading'
  title: string
  description?: string
  /** False while a dismissed toast plays its exit. */
  open: boolean
}

export interface ToasterProps {
  toasts: readonly ToastView[]
  /** The reader closed a toast (its button, Escape, or a swipe). */
  onDismiss: (id: string) => void
}

/**
 * The admin's toasts, top-right below the header and title row (at the foot on a phone), rendered
 * by Radix (announced politely, or assertively for errors; F8 jumps to them). How long each stays is the toast machine's business, not Radix's.
 */
export function Toaster({ toasts, onDismiss }: ToasterProps) {
  return (
    <Toast.Provider swipeDirection="right" duration={Number.POSITIVE_INFINITY} label="Notification">
      {toasts.map((toast) => (
        // Radix announces a toast once, when it mounts; a loading toast that settles into success
        // or error is mounted afresh under its new kind, so a screen reader hears how it ended.
        <ToastItem key={`${toast.id}:${toast.kind}`} toast={toast} onDismiss={onDismiss} />
      ))}
      <Toast.Viewport className="toaster" />
    </Toast.Provider>
  )
}

function ToastItem({ toast: content, onDismiss }: { toast: ToastView; onDismiss: (id: string) => void }) {
  return (
    <Toast.Root
      className={`toast toast--${content.kind}`}
      open={content.open}
      onOpenChange={(next) => {
        if (!next) onDismiss(content.id)
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
