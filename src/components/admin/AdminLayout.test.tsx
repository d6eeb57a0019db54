import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AdminLayout } from './AdminLayout.tsx'

describe('AdminLayout', () => {
  it('shows the brand, who is signed in, Logout, the side links and the page', () => {
    const logout = vi.fn()
    render(
      <AdminLayout email="editor@resonance.example" onLogout={logout} nav={<a href="/admin/articles">Articles</a>}>
        <h1>Content Dashboard</h1>
      </AdminLayout>,
    )
    expect(screen.getByText('Resonance Admin')).toBeTruthy()
    expect(screen.getByText('editor@resonance.example')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Admin' }).textContent).toContain('Articles')
    expect(screen.getByRole('main').textContent).toBe('Content Dashboard')
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }))
    expect(logout).toHaveBeenCalledOnce()
  })
})
