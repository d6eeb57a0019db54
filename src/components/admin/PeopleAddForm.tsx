import { useRef, useState, type FormEvent } from 'react'
import { newPersonErrors, roleLabels, type NewPerson, type NewPersonErrors } from '../../content/admin/people.ts'
import { minPasswordLength, roleDescriptions, roles, type Role } from '../../../shared/roles.ts'
import './PeopleList.css'

export interface PeopleAddFormProps {
  /** Adds the person; a rejection's message (the email is taken) is shown under the form. */
  onAdd: (person: NewPerson) => Promise<unknown>
}

const blank: NewPerson = { email: '', role: 'contributor', password: '' }

/** "Add a person": their email, their role (each said in words) and a first password they are given. */
export function PeopleAddForm({ onAdd }: PeopleAddFormProps) {
  const [values, setValues] = useState<NewPerson>(blank)
  const [errors, setErrors] = useState<NewPersonErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [added, setAdded] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const found = newPersonErrors(values)
    setErrors(found)
    setFailure(null)
    setAdded(null)
    const first = (['email', 'role', 'password'] as const).find((field) => found[field])
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`#person-${first}`)?.focus()
      return
    }
    setBusy(true)
    try {
      await onAdd(values)
      setAdded(values.email.trim())
      setValues(blank)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  const field = (name: keyof NewPerson) => ({
    id: `person-${name}`,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': [`person-${name}-hint`, errors[name] ? `person-${name}-error` : null].filter(Boolean).join(' '),
  })
  const message = (name: keyof NewPerson) =>
    errors[name] ? (
      <p className="people__error" id={`person-${name}-error`}>
        {errors[name]}
      </p>
    ) : null

  return (
    <form ref={formRef} className="people__add" aria-labelledby="people-add-heading" noValidate onSubmit={(event) => void submit(event)}>
      <h2 id="people-add-heading" className="people__subheading">
        Add a person
      </h2>
      <div className="people__fields">
        <div className="people__field">
          <label htmlFor="person-email">Email</label>
          <input {...field('email')} type="email" autoComplete="off" spellCheck={false} value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} />
          <p className="people__hint" id="person-email-hint">
            They sign in with it.
          </p>
          {message('email')}
        </div>
        <div className="people__field">
          <label htmlFor="person-role">Role</label>
          <select {...field('role')} value={values.role} onChange={(e) => setValues({ ...values, role: e.target.value as Role })}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
          <p className="people__hint" id="person-role-hint">
            {roleDescriptions[values.role]}.
          </p>
          {message('role')}
        </div>
        <div className="people__field">
          <label htmlFor="person-password">First password</label>
          <input {...field('password')} type="password" autoComplete="new-password" value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })} />
          <p className="people__hint" id="person-password-hint">
            At least {minPasswordLength} characters. Give it to them privately.
          </p>
          {message('password')}
        </div>
      </div>
      <div className="people__actions">
        <button type="submit" className="people__button people__button--primary" aria-disabled={busy || undefined}>
          {busy ? 'Adding...' : 'Add person'}
        </button>
      </div>
      <div aria-live="polite">
        {added ? <p className="people__done">{added} can now sign in.</p> : null}
      </div>
      {failure ? (
        <p className="people__error" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  )
}
