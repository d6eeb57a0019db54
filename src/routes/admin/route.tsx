import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Toaster } from '../../components/Toaster.tsx'
import { toaster } from './-session.ts'

// Everything under /admin: the toasts live here, so sign-in and every admin screen share them.
export const Route = createFileRoute('/admin')({
  head: () => ({ meta: [{ title: 'Resonance Admin' }, { name: 'robots', content: 'noindex' }] }),
  component: AdminShell,
})

function AdminShell() {
  const toasts = useSelector(toaster, (s) => s.context.toasts)
  return (
    <>
      <Outlet />
      <Toaster toasts={toasts} />
    </>
  )
}
