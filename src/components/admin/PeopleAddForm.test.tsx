import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PeopleAddForm } from './PeopleAddForm.tsx'

describe('PeopleAddForm', () => {
  it('says what each role may do as it is chosen', async () => {
    const user = userEvent.setup()
    render(<PeopleAddForm onAdd={vi.fn()} />)
    expect(screen.getByLabelText('Role').getAttribute('aria-describedby')).toContain('person-role-hint')
    expect(screen.getByText('Writes drafts and uploads images; an editor publishes them.')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('Role'), 'Admin')
    expect(screen.getByText('Publishes, edits authors and categories, and manages people.')).toBeTruthy()
  })

  it('refuses a bad email and a short password before anything is sent, focusing the first', async () => {
    const user = userEvent.setup()
    const onAdd = vi.fn()
    render(<PeopleAddForm onAdd={onAdd} />)
    await user.type(screen.getByLabelText('Email'), 'writer')
    await user.type(screen.getByLabelText('First password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Add person' }))
    expect(onAdd).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Enter an email address, such as name@example.org.')).toBeTruthy()
    expect(screen.getByText('A password needs at least 12 characters.')).toBeTruthy()
  })

  it('adds a person with the role chosen, then clears the form and says they can sign in', async () => {
    const user = userEvent.setup()
    const onAdd = vi.fn(() => Promise.resolve())
    render(<PeopleAddForm onAdd={onAdd} />)
    await user.type(screen.getByLabelText('Email'), 'new.writer@resonance.test')
    await user.selectOptions(screen.getByLabelText('Role'), 'Editor')
    await user.type(screen.getByLabelText('First password'), 'a long first password')
    await user.click(screen.getByRole('button', { name: 'Add person' }))
    expect(onAdd).toHaveBeenCalledWith({ email: 'new.writer@resonance.test', role: 'editor', password: 'a long first password' })
    await screen.findByText('new.writer@resonance.test can now sign in.')
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('First password') as HTMLInputElement).value).toBe('')
  })

  it('shows why the service refused, and keeps what was typed', async () => {
    const user = userEvent.setup()
    render(<PeopleAddForm onAdd={() => Promise.reject(new Error('taken@resonance.test can already sign in'))} />)
    await user.type(screen.getByLabelText('Email'), 'taken@resonance.test')
    await user.type(screen.getByLabelText('First password'), 'a long first password')
    await user.click(screen.getByRole('button', { name: 'Add person' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('taken@resonance.test can already sign in'))
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('taken@resonance.test')
  })
})
