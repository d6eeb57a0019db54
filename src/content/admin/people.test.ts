import { describe, expect, it } from 'vitest'
import { isLastAdmin, lastSignInText, newPersonErrors, peopleMessages, sessionsText, type Person } from './people.ts'

const person = (id: string, role: Person['role']): Person => ({ id, email: `${id}@resonance.test`, role, lastSignInAt: null, activeSessions: 0 })

describe('the add form’s rules', () => {
  it('accepts an email, a role and a password of 12 characters or more', () => {
    expect(newPersonErrors({ email: ' writer@resonance.test ', role: 'contributor', password: '123456789012' })).toEqual({})
  })

  it('says what is wrong with each field', () => {
    expect(newPersonErrors({ email: 'writer', role: 'owner' as Person['role'], password: '12345678901' })).toEqual({
      email: peopleMessages.email,
      role: peopleMessages.role,
      password: 'A password needs at least 12 characters.',
    })
    for (const email of ['<script>alert(1)</script>@x.org', 'a@b', 'two words@x.org', `${'a'.repeat(250)}@x.org`]) {
      expect(newPersonErrors({ email, role: 'admin', password: '123456789012' }).email, email).toBe('Enter an email address, such as name@example.org.')
    }
    expect(newPersonErrors({ email: 'o’brien@x.org', role: 'admin', password: '123456789012' }).email).toBe(peopleMessages.email)
    expect(newPersonErrors({ email: "o'brien+desk@news.example.co.uk", role: 'admin', password: '123456789012' })).toEqual({})
    expect(newPersonErrors({ email: 'a@b.co', role: 'admin', password: 'x'.repeat(257) }).password).toBe(peopleMessages.passwordLong)
  })
})

describe('how a person reads', () => {
  it('says when they last signed in, or that they never have', () => {
    expect(lastSignInText(null)).toBe('Never signed in')
    expect(lastSignInText('2026-11-21T06:15:00.000Z')).toMatch(/^Last signed in 21 Nov 2026, \d\d:15$/)
  })

  it('counts the devices signed in now', () => {
    expect([0, 1, 3].map(sessionsText)).toEqual(['Not signed in now', 'Signed in on 1 device', 'Signed in on 3 devices'])
  })

  it('knows the last admin', () => {
    const people = [person('a', 'admin'), person('b', 'editor')]
    expect(isLastAdmin(people, people[0]!)).toBe(true)
    expect(isLastAdmin(people, people[1]!)).toBe(false)
    expect(isLastAdmin([...people, person('c', 'admin')], people[0]!)).toBe(false)
  })
})
