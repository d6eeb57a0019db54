// The toaster machine's toasts as the Toaster component shows them. Each toast is an actor of its
// own, so the views are read from all of them at once and handed over as plain props.

import { useCallback, useRef, useSyncExternalStore } from 'react'
import { useSelector } from '@xstate/react'
import type { ToastView } from '../../components/ui/Toaster.tsx'
import type { ToasterRef } from '../../machines/toastMachine.ts'

export function useToasts(toaster: ToasterRef): { toasts: readonly ToastView[]; dismiss: (id: string) => void } {
  const refs = useSelector(toaster, (s) => s.context.toasts)
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscriptions = refs.map((ref) => ref.subscribe(changed))
      return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
    },
    [refs],
  )
  // The same array while nothing changed, as useSyncExternalStore requires.
  const last = useRef<{ key: string; views: readonly ToastView[] }>({ key: '', views: [] })
  const read = useCallback(() => {
    const views = refs.map((ref): ToastView => {
      const snapshot = ref.getSnapshot()
      return { id: snapshot.context.id, ...snapshot.context.content, open: snapshot.matches('open') }
    })
    const key = JSON.stringify(views)
    if (key !== last.current.key) last.current = { key, views }
    return last.current.views
  }, [refs])
  const toasts = useSyncExternalStore(subscribe, read, read)
  const dismiss = useCallback((id: string) => toaster.send({ type: 'toast.dismiss', id }), [toaster])
  return { toasts, dismiss }
}
