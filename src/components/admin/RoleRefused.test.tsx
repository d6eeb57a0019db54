import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { adminAreas } from '../../../shared/roles.ts'
import { RoleRefused } from './RoleRefused.tsx'

describe('RoleRefused', () => {
  it('names the page and says in words what the role cannot do there, with a way back', () => {
    const { inbox } = adminAreas
    render(<RoleRefused name={inbox.name} refusal={inbox.refusal} role="contributor" back={<a href="/admin/dashboard">Back to the dashboard</a>} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Inbox' })).toBeTruthy()
    expect(screen.getByText('Your role cannot see the inbox.')).toBeTruthy()
    expect(screen.getByText(/You are signed in as a contributor\./)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/admin/dashboard')
    expect(screen.getByRole('region', { name: 'Inbox' })).toBeTruthy()
    expect(document.body.textContent).not.toMatch(/permission|mutation/i)
  })

  it('says “an” before a role that starts with a vowel', () => {
    render(<RoleRefused name="People" refusal="Your role cannot manage people." role="editor" back={null} />)
    expect(screen.getByText(/^You are signed in as an editor\./)).toBeTruthy()
  })
})
