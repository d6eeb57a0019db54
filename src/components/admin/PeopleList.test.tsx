import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { PeopleListProps } from './PeopleList.tsx'
import { PeopleList } from './PeopleList.tsx'
import { people, selfId } from './PeopleList.fixtures.ts'

function props(overrides: Partial<PeopleListProps> = {}): PeopleListProps {
  return {
    state: { status: 'ready', data: people },
    selfId,
    onAdd: vi.fn(() => Promise.resolve()),
    onChangeRole: vi.fn(() => Promise.resolve()),
    onResetPassword: vi.fn(() => Promise.resolve()),
    onEndSessions: vi.fn(() => Promise.resolve()),
    onRemove: vi.fn(() => Promise.resolve()),
    ...overrides,
  }
}

const card = (email: string) => screen.getByRole('listitem', { name: new RegExp(`^${email.replace(/\./g, '\\.')}`) })

describe('PeopleList', () => {
  it('lists everyone with their role, last sign-in and open sessions', () => {
    render(<PeopleList {...props()} />)
    expect(screen.getByRole('heading', { level: 1, name: 'People' })).toBeTruthy()
    expect(screen.getByText('3 people can sign in.')).toBeTruthy()
    const writer = card('tom.whitcombe@resonance.example')
    expect(within(writer).getByText('Contributor', { selector: 'span' })).toBeTruthy()
    expect(within(writer).getByText('Never signed in')).toBeTruthy()
    expect(within(writer).getByText('Not signed in now')).toBeTruthy()
    expect(within(card('admin@resonance.example')).getByText('(you)')).toBeTruthy()
  })

  it('shows loading, a failure with a way to try again, and an empty newsroom', async () => {
    const onRetry = vi.fn()
    const { rerender } = render(<PeopleList {...props({ state: { status: 'loading' } })} />)
    expect(screen.getByRole('status').textContent).toBe('Loading...')
    rerender(<PeopleList {...props({ state: { status: 'error', message: 'Only an admin manages people.' }, onRetry })} />)
    expect(screen.getByRole('alert').textContent).toContain('Only an admin manages people.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalled()
    rerender(<PeopleList {...props({ state: { status: 'ready', data: [] } })} />)
    expect(screen.getByText('Nobody can sign in yet.')).toBeTruthy()
  })

  it('changes a role once a different one is chosen', async () => {
    const user = userEvent.setup()
    const onChangeRole = vi.fn(() => Promise.resolve())
    render(<PeopleList {...props({ onChangeRole })} />)
    const writer = card('tom.whitcombe@resonance.example')
    const change = within(writer).getByRole('button', { name: 'Change role of tom.whitcombe@resonance.example' }) as HTMLButtonElement
    expect(change.disabled).toBe(true)
    await user.selectOptions(within(writer).getByLabelText('Role'), 'Editor')
    await user.click(change)
    expect(onChangeRole).toHaveBeenCalledWith(people[2], 'editor')
  })

  it('keeps the last admin an admin and never offers to remove them or oneself', () => {
    render(<PeopleList {...props()} />)
    const self = card('admin@resonance.example')
    expect((within(self).getByLabelText('Role') as HTMLSelectElement).disabled).toBe(true)
    expect(within(self).getByText('The last admin stays an admin: make someone else an admin first.')).toBeTruthy()
    expect(within(self).queryByRole('button', { name: /^Remove/ })).toBeNull()
    expect(within(card('priya.raman@resonance.example')).getByRole('button', { name: 'Remove priya.raman@resonance.example' })).toBeTruthy()
  })

  it('sets a new password of at least 12 characters', async () => {
    const user = userEvent.setup()
    const onResetPassword = vi.fn(() => Promise.resolve())
    render(<PeopleList {...props({ onResetPassword })} />)
    await user.click(screen.getByRole('button', { name: 'Reset password of priya.raman@resonance.example' }))
    const field = await screen.findByLabelText('New password for priya.raman@resonance.example')
    await waitFor(() => expect(document.activeElement).toBe(field))
    await user.type(field, 'too short')
    await user.click(screen.getByRole('button', { name: 'Set password' }))
    expect(onResetPassword).not.toHaveBeenCalled()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    await user.type(field, ' but now long enough')
    await user.click(screen.getByRole('button', { name: 'Set password' }))
    expect(onResetPassword).toHaveBeenCalledWith(people[1], 'too short but now long enough')
    await waitFor(() => expect(screen.queryByLabelText('New password for priya.raman@resonance.example')).toBeNull())
  })

  it('asks before signing someone out everywhere or removing them', async () => {
    const user = userEvent.setup()
    const onEndSessions = vi.fn(() => Promise.resolve())
    const onRemove = vi.fn(() => Promise.resolve())
    render(<PeopleList {...props({ onEndSessions, onRemove })} />)
    await user.click(screen.getByRole('button', { name: 'End sessions of priya.raman@resonance.example' }))
    const dialog = screen.getByRole('dialog', { name: 'End sessions' })
    expect(within(dialog).getByText('Sign priya.raman@resonance.example out everywhere?')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    expect(onEndSessions).toHaveBeenCalledWith(people[1])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await user.click(screen.getByRole('button', { name: 'Remove tom.whitcombe@resonance.example' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Remove person' })).getByRole('button', { name: 'Cancel' }))
    expect(onRemove).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Remove tom.whitcombe@resonance.example' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Remove person' })).getByRole('button', { name: 'Remove' }))
    expect(onRemove).toHaveBeenCalledWith(people[2])
  })

  it('offers the signed-in admin to sign out their other devices, and nobody to end sessions they do not have', () => {
    render(<PeopleList {...props()} />)
    expect((screen.getByRole('button', { name: 'Sign out other devices of admin@resonance.example' }) as HTMLButtonElement).disabled).toBe(false)
    expect((screen.getByRole('button', { name: 'End sessions of tom.whitcombe@resonance.example' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
