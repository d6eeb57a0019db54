import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { PeopleList, type PeopleListProps } from '../../../components/admin/PeopleList.tsx'
import { roleLabels } from '../../../content/admin/people.ts'
import { refusalOf } from '../../../content/clients/errors.ts'
import { newsroomBase } from '../../../content/clients/newsroom.ts'
import { createPeopleClient, type PeopleClient } from '../../../content/clients/people.ts'
import { authActor, toasts } from '../-session.ts'

// Who may sign in, with which role: admins only (the service refuses everyone else).
export const Route = createFileRoute('/admin/_authed/people')({
  head: () => ({ meta: [{ title: 'People | Resonance Admin' }] }),
  loader: () => withPeople((client) => client.list()),
  pendingComponent: () => <PeopleList {...idle} state={{ status: 'loading' }} selfId={null} />,
  errorComponent: PeopleError,
  component: PeopleRoute,
})

/** Runs a People call with the admin's token; a 401 signs them out here too, as withSession does. */
async function withPeople<T>(call: (client: PeopleClient) => Promise<T>): Promise<T> {
  const token = authActor.getSnapshot().context.session?.access_token
  if (!token) throw new Error('Not signed in')
  try {
    return await call(createPeopleClient(token, newsroomBase()))
  } catch (error) {
    if (refusalOf(error) === 'unauthorised') authActor.send({ type: 'session.expired' })
    throw error
  }
}

const never = () => Promise.reject(new Error('The list of people has not loaded.'))
const idle: Omit<PeopleListProps, 'state' | 'selfId'> = { onAdd: never, onChangeRole: never, onResetPassword: never, onEndSessions: never, onRemove: never }

function PeopleRoute() {
  const people = Route.useLoaderData()
  const router = useRouter()
  const selfId = useSelector(authActor, (s) => s.context.user?.id ?? null)

  /** Runs an action, toasts how it went and loads the list again; a failure is thrown on for the form to show. */
  const act = async (title: string, call: (client: PeopleClient) => Promise<unknown>, done: string): Promise<void> => {
    try {
      await withPeople(call)
      toasts.success(title, done)
    } catch (error) {
      toasts.error(`${title} failed`, error instanceof Error ? error.message : String(error))
      throw error
    } finally {
      await router.invalidate()
    }
  }

  return (
    <PeopleList
      state={{ status: 'ready', data: people }}
      selfId={selfId}
      onAdd={(person) => act('Person added', (c) => c.add(person), `${person.email.trim()} can sign in as ${roleLabels[person.role].toLowerCase()}.`)}
      onChangeRole={(person, role) => act('Role changed', (c) => c.changeRole(person.id, role), `${person.email} is now ${roleLabels[role].toLowerCase()}.`)}
      onResetPassword={(person, password) => act('Password set', (c) => c.resetPassword(person.id, password), `${person.email} has a new password.`)}
      onEndSessions={(person) => act('Signed out', (c) => c.endSessions(person.id), person.id === selfId ? 'Your other devices are signed out.' : `${person.email} is signed out everywhere.`)}
      onRemove={(person) => act('Person removed', (c) => c.remove(person.id), `${person.email} can no longer sign in.`)}
    />
  )
}

function PeopleError({ error }: { error: unknown }) {
  const router = useRouter()
  const message = refusalOf(error) === 'forbidden' ? 'Only an admin manages people.' : error instanceof Error ? error.message : String(error)
  return <PeopleList {...idle} state={{ status: 'error', message }} selfId={null} onRetry={() => void router.invalidate()} />
}
