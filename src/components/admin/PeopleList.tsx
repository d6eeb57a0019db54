import { useRef, useState, type ReactNode } from 'react'
import type { Loadable } from '../../content/admin/display.ts'
import { isLastAdmin, lastSignInText, passwordProblem, roleLabels, sessionsText, type NewPerson, type Person } from '../../content/admin/people.ts'
import { minPasswordLength, roles, type Role } from '../../../shared/roles.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { LoadError } from './LoadError.tsx'
import { PeopleAddForm } from './PeopleAddForm.tsx'
import './PeopleList.css'

export interface PeopleListProps {
  state: Loadable<Person[]>
  /** The signed-in admin: never removable here, and their own sessions but this one end. */
  selfId: string | null
  onAdd: (person: NewPerson) => Promise<unknown>
  onChangeRole: (person: Person, role: Role) => Promise<unknown>
  onResetPassword: (person: Person, password: string) => Promise<unknown>
  onEndSessions: (person: Person) => Promise<unknown>
  onRemove: (person: Person) => Promise<unknown>
  onRetry?: () => void
}

type Pending = { kind: 'remove' | 'end'; person: Person } | null

/**
 * The People page: who may sign in to the admin, with which role, when they last did and on how
 * many devices they are signed in now; adding someone, changing a role, setting a new password,
 * signing someone out everywhere and removing them (never oneself, never the last admin).
 */
export function PeopleList({ state, selfId, onAdd, onChangeRole, onResetPassword, onEndSessions, onRemove, onRetry }: PeopleListProps) {
  const [pending, setPending] = useState<Pending>(null)
  const [busy, setBusy] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const people = state.status === 'ready' ? state.data : []

  const confirm = async () => {
    if (!pending || busy) return
    setBusy(true)
    try {
      await (pending.kind === 'remove' ? onRemove(pending.person) : onEndSessions(pending.person))
    } catch {
      // The route reports it.
    } finally {
      setBusy(false)
      setPending(null)
    }
  }

  let list: ReactNode
  if (state.status === 'loading') {
    list = (
      <p className="people__status" role="status">
        Loading...
      </p>
    )
  } else if (state.status === 'error') {
    list = <LoadError what="people" message={state.message} onRetry={onRetry} />
  } else if (people.length === 0) {
    list = <p className="people__status">Nobody can sign in yet.</p>
  } else {
    list = (
      <ul className="people__list" aria-label="People who can sign in">
        {people.map((person) => (
          <PersonCard
            key={person.id}
            person={person}
            self={person.id === selfId}
            lastAdmin={isLastAdmin(people, person)}
            onChangeRole={onChangeRole}
            onResetPassword={onResetPassword}
            onAsk={(kind) => setPending({ kind, person })}
          />
        ))}
      </ul>
    )
  }

  const self = pending?.person.id === selfId
  return (
    <section className="people" aria-labelledby="people-heading">
      <div className="people__header">
        <h1 id="people-heading" className="people__title" ref={headingRef} tabIndex={-1}>
          People
        </h1>
        <p className="people__summary">{state.status === 'ready' ? `${people.length} ${people.length === 1 ? 'person' : 'people'} can sign in.` : ''}</p>
      </div>
      <PeopleAddForm onAdd={onAdd} />
      <h2 className="people__subheading">Who can sign in</h2>
      {list}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'remove' ? 'Remove person' : self ? 'Sign out other devices' : 'End sessions'}
        message={
          pending === null
            ? ''
            : pending.kind === 'remove'
              ? `Remove ${pending.person.email}?`
              : self
                ? 'Sign out your other devices?'
                : `Sign ${pending.person.email} out everywhere?`
        }
        detail={
          pending === null ? null : pending.kind === 'remove' ? (
            <p>They are signed out at once and can no longer sign in. Articles they wrote stay.</p>
          ) : (
            <p>{self ? 'This device stays signed in.' : 'Every device they are signed in on is signed out at once. Their password still works.'}</p>
          )
        }
        confirmLabel={pending?.kind === 'remove' ? 'Remove' : 'Sign out'}
        busyLabel={pending?.kind === 'remove' ? 'Removing...' : 'Signing out...'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => {
          if (!busy) setPending(null)
        }}
        fallbackFocus={headingRef}
      />
    </section>
  )
}

interface PersonCardProps {
  person: Person
  self: boolean
  lastAdmin: boolean
  onChangeRole: PeopleListProps['onChangeRole']
  onResetPassword: PeopleListProps['onResetPassword']
  onAsk: (kind: 'remove' | 'end') => void
}

function PersonCard({ person, self, lastAdmin, onChangeRole, onResetPassword, onAsk }: PersonCardProps) {
  const [role, setRole] = useState<Role>(person.role)
  const [savingRole, setSavingRole] = useState(false)
  const [resetting, setResetting] = useState(false)
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [savingPassword, setSavingPassword] = useState(false)
  const resetButton = useRef<HTMLButtonElement>(null)
  const key = person.id.replace(/[^A-Za-z0-9_-]/g, '')
  const roleId = `person-${key}-role`
  const passwordId = `person-${key}-password`
  const headingId = `person-${key}-email`

  // A newer list (after a save) brings the person's role as it now is.
  const [seenRole, setSeenRole] = useState(person.role)
  if (seenRole !== person.role) {
    setSeenRole(person.role)
    setRole(person.role)
  }

  const saveRole = async () => {
    if (savingRole || role === person.role) return
    setSavingRole(true)
    try {
      await onChangeRole(person, role)
    } catch {
      setRole(person.role)
    } finally {
      setSavingRole(false)
    }
  }

  const savePassword = async () => {
    if (savingPassword) return
    const problem = passwordProblem(password)
    setPasswordError(problem)
    if (problem) {
      document.getElementById(passwordId)?.focus()
      return
    }
    setSavingPassword(true)
    try {
      await onResetPassword(person, password)
      setResetting(false)
      setPassword('')
      requestAnimationFrame(() => resetButton.current?.focus())
    } catch (error) {
      setPasswordError(error instanceof Error ? error.message : String(error))
    } finally {
      setSavingPassword(false)
    }
  }

  return (
    <li className="people__person" aria-labelledby={headingId}>
      <h3 className="people__email" id={headingId}>
        {person.email}
        {self ? <span className="people__you"> (you)</span> : null}
      </h3>
      <p className="people__facts">
        <span>{roleLabels[person.role]}</span>
        <span>{lastSignInText(person.lastSignInAt)}</span>
        <span>{sessionsText(person.activeSessions)}</span>
      </p>
      <div className="people__row">
        <div className="people__inline">
          <label htmlFor={roleId}>Role</label>
          <select id={roleId} aria-label={`Role of ${person.email}`} value={role} disabled={lastAdmin} aria-describedby={lastAdmin ? `${roleId}-note` : undefined} onChange={(e) => setRole(e.target.value as Role)}>
            {roles.map((option) => (
              <option key={option} value={option}>
                {roleLabels[option]}
              </option>
            ))}
          </select>
          {lastAdmin ? null : (
            <button
              type="button"
              className="people__button"
              disabled={role === person.role}
              aria-disabled={savingRole || undefined}
              aria-label={`${savingRole ? 'Saving' : 'Change role'} of ${person.email}`}
              onClick={() => void saveRole()}
            >
              {savingRole ? 'Saving...' : 'Change role'}
            </button>
          )}
        </div>
        {lastAdmin ? (
          <p className="people__hint" id={`${roleId}-note`}>
            The last admin stays an admin: make someone else an admin first.
          </p>
        ) : null}
      </div>
      {resetting ? (
        <div className="people__reset">
          <label id={`${passwordId}-label`} htmlFor={passwordId}>
            New password for {person.email}
          </label>
          <input
            id={passwordId}
            type="password"
            autoComplete="new-password"
            value={password}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={[`${passwordId}-hint`, passwordError ? `${passwordId}-error` : null].filter(Boolean).join(' ')}
            onChange={(e) => setPassword(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                void savePassword()
              }
            }}
          />
          <p className="people__hint" id={`${passwordId}-hint`}>
            At least {minPasswordLength} characters. {self ? 'Your other devices are signed out.' : 'They are signed out everywhere.'}
          </p>
          {passwordError ? (
            <p className="people__error" id={`${passwordId}-error`}>
              {passwordError}
            </p>
          ) : null}
          <div className="people__actions">
            <button type="button" className="people__button people__button--primary" aria-disabled={savingPassword || undefined} onClick={() => void savePassword()}>
              {savingPassword ? 'Saving...' : 'Set password'}
            </button>
            <button
              type="button"
              className="people__button"
              onClick={() => {
                setResetting(false)
                setPassword('')
                setPasswordError(null)
                requestAnimationFrame(() => resetButton.current?.focus())
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <div className="people__actions">
        {resetting ? null : (
          <button
            ref={resetButton}
            type="button"
            className="people__button"
            aria-label={`Reset password of ${person.email}`}
            onClick={() => {
              setResetting(true)
              requestAnimationFrame(() => document.getElementById(passwordId)?.focus())
            }}
          >
            Reset password
          </button>
        )}
        <button
          type="button"
          className="people__button"
          disabled={person.activeSessions === 0 || (self && person.activeSessions <= 1)}
          aria-label={`${self ? 'Sign out other devices' : 'End sessions'} of ${person.email}`}
          onClick={() => onAsk('end')}
        >
          {self ? 'Sign out other devices' : 'End sessions'}
        </button>
        {self || lastAdmin ? null : (
          <button type="button" className="people__button people__button--danger" aria-label={`Remove ${person.email}`} onClick={() => onAsk('remove')}>
            Remove
          </button>
        )}
      </div>
    </li>
  )
}
