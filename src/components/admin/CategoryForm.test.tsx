import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CategoryForm, CategorySlugTaken, type CategoryFormProps } from './CategoryForm.tsx'

function props(overrides: Partial<CategoryFormProps> = {}): CategoryFormProps {
  return { mode: 'create', initial: { title: '', slug: '', kind: 'topic', description: '' }, onSubmit: vi.fn(async () => {}), onCancel: vi.fn(), ...overrides }
}

describe('CategoryForm', () => {
  it('saves a title, its slug, the kind chosen and a description', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    render(<CategoryForm {...props({ onSubmit })} />)
    await user.click(screen.getByLabelText('Title'))
    await user.paste('Night Economy')
    expect(screen.getByText('Its page’s address: /topic/night-economy')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('Kind'), 'Section')
    expect(screen.getByText('Its page’s address: /night-economy')).toBeTruthy()
    expect(screen.getByText('In the header’s main sections.')).toBeTruthy()
    await user.click(screen.getByLabelText('Description'))
    await user.paste('After dark.')
    await user.click(screen.getByRole('button', { name: 'Create category' }))
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Night Economy', slug: 'night-economy', kind: 'section', description: 'After dark.' })
  })

  it('refuses a bad slug before sending, and shows a taken one at the slug', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(() => Promise.reject(new CategorySlugTaken('Another category has this slug.')))
    render(<CategoryForm {...props({ mode: 'edit', initial: { title: 'UK', slug: 'U K', kind: 'section', description: '' }, onSubmit })} />)
    await user.click(screen.getByRole('button', { name: 'Save category' }))
    expect(onSubmit).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByLabelText('Slug'))
    await user.click(screen.getByRole('button', { name: 'Generate from title' }))
    await user.click(screen.getByRole('button', { name: 'Save category' }))
    await waitFor(() => expect(screen.getByText('Another category has this slug.')).toBeTruthy())
    expect(screen.getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true')
  })
})
