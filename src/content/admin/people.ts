// The People page's rules: who a person is as the page shows them, what the add and reset forms
// accept before they are sent (the service checks the same, server/access/auth.ts), and how a last
// sign-in reads. Admin code only.

import { maxPasswordLength, minPasswordLength, roles, type Role } from '../../../shared/roles.ts'
import { emailAddressMessage, isEmailAddress } from '../../../shared/newsroom.ts'
import { adminDateTime } from './display.ts'

export interface Person {
  id: string
  email: string
  role: Role
  /** ISO time of their last sign-in, or null when they never have (or it is no longer recorded). */
  lastSignInAt: string | null
  /** Sessions signed in now. */
  activeSessions: number
}

export const roleLabels: Record<Role, string> = {
  admin: 'Admin',
  editor: 'Editor',
  contributor: 'Contributor',
  viewer: 'Viewer',
}

export interface NewPerson {
  email: string
  role: Role
  password: string
}

export type NewPersonErrors = Partial<Record<keyof NewPerson, string>>

export const peopleMessages = {
  email: emailAddressMessage,
  role: 'Choose a role.',
  passwordShort: `A password needs at least ${minPasswordLength} characters.`,
  passwordLong: `A password may have at most ${maxPasswordLength} characters.`,
}

/** What is wrong with a password, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < minPasswordLength) return peopleMessages.passwordShort
  if (password.length > maxPasswordLength) return peopleMessages.passwordLong
  return null
}

/** What is wrong with the add form's values, field by field; empty when it may be sent. */
export function newPersonErrors(values: NewPerson): NewPersonErrors {
  const errors: NewPersonErrors = {}
  const email = values.email.trim()
  if (!isEmailAddress(email)) errors.email = peopleMessages.email
  if (!roles.includes(values.role)) errors.role = peopleMessages.role
  const password = passwordProblem(values.password)
  if (password) errors.password = password
  return errors
}

/** "Last signed in 21 Nov 2026, 06:15", or that they never have. */
export function lastSignInText(lastSignInAt: string | null): string {
  const when = adminDateTime(lastSignInAt)
  return when ? `Last signed in ${when}` : 'Never signed in'
}

export function sessionsText(count: number): string {
  return count === 0 ? 'Not signed in now' : count === 1 ? 'Signed in on 1 device' : `Signed in on ${count} devices`
}

/** Whether a person may be removed or lose the admin role: never oneself, never the last admin. */
export function isLastAdmin(people: readonly Person[], person: Person): boolean {
  return person.role === 'admin' && people.filter((p) => p.role === 'admin').length === 1
}
