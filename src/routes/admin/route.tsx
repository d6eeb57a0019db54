import { createFileRoute, Outlet } from '@tanstack/react-router'
import { Toaster } from '../../components/ui/Toaster.tsx'
import { toaster } from './-session.ts'
import { useToasts } from './-toasts.ts'

// Everything under /admin: the toasts live here, so sign-in and every admin screen share them.
export const Route = createFileRoute('/admin')({
  head: () => ({ meta: [{ title: 'Resonance Admin' }, { name: 'robots', content: 'noindex' }] }),
  component: AdminShell,
})

function AdminShell() {
  const { toasts, dismiss } = useToasts(toaster)
  return (
    <>
      <Outlet />
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </>
  )
}
