import type { ReactNode } from 'react'
import './RoleRefused.css'

export interface RoleRefusedProps {
  /** The page's name, as the navigation would give it: "Inbox". */
  name: string
  /** What the role cannot do there, in words (shared/roles.ts adminAreas): "Your role cannot see the inbox." */
  refusal: string
  /** The role the signed-in person has, in words: "contributor". */
  role: string
  /** Where to go instead: a link to the dashboard. */
  back: ReactNode
}

/**
 * An admin page opened by its address by someone whose role may not use it: the page says so in
 * words, in place of the page, instead of a refusal from the service.
 */
export function RoleRefused({ name, refusal, role, back }: RoleRefusedProps) {
  return (
    <section className="role-refused" aria-labelledby="role-refused-heading">
      <h1 id="role-refused-heading" className="role-refused__title">
        {name}
      </h1>
      <p className="role-refused__message">{refusal}</p>
      <p className="role-refused__detail">
        You are signed in as {/^[aeiou]/i.test(role) ? 'an' : 'a'} {role}. An admin can change your role on the People page.
      </p>
      <p className="role-refused__back">{back}</p>
    </section>
  )
}
