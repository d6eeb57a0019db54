import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AdminLogin } from './AdminLogin.tsx'

describe('AdminLogin', () => {
  it('asks for a required email and password and submits them', () => {
    const submit = vi.fn()
    render(<AdminLogin busy={false} error={null} onSubmit={submit} />)
    expect(screen.getByRole('heading', { name: 'Admin Sign In' })).toBeTruthy()
    expect(screen.getByText('Sign in to manage your content')).toBeTruthy()
    const email = screen.getByLabelText('Email') as HTMLInputElement
    const password = screen.getByLabelText('Password') as HTMLInputElement
    expect(email.type).toBe('email')
    expect(email.required && password.required).toBe(true)
    fireEvent.change(email, { target: { value: ' editor@resonance.example ' } })
    fireEvent.change(password, { target: { value: 'secret-words' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(submit).toHaveBeenCalledWith('editor@resonance.example', 'secret-words')
    expect(screen.getByRole('link', { name: /Back to website/ }).getAttribute('href')).toBe('/')
  })

  it('reads Signing in... and locks the inputs while busy', () => {
    render(<AdminLogin busy error={null} onSubmit={() => {}} initialEmail="a@b.example" />)
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeTruthy()
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true)
    expect((screen.getByLabelText('Password') as HTMLInputElement).disabled).toBe(true)
  })

  it('shows a failure in an alert', () => {
    render(<AdminLogin busy={false} error="Invalid credentials" onSubmit={() => {}} />)
    expect(screen.getByRole('alert').textContent).toBe('Invalid credentials')
  })
})
