import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AuthorForm, AuthorSlugTaken, type AuthorFormProps } from './AuthorForm.tsx'

function props(overrides: Partial<AuthorFormProps> = {}): AuthorFormProps {
  return { mode: 'create', initial: { name: '', slug: '', bio: '', image: null }, onSubmit: vi.fn(async () => {}), onCancel: vi.fn(), uploadImage: vi.fn(async () => ({ assetRef: 'image-a-400x400-png' })), ...overrides }
}

describe('AuthorForm', () => {
  it('follows the name with the slug until the slug is written by hand', async () => {
    const user = userEvent.setup()
    render(<AuthorForm {...props()} />)
    await user.click(screen.getByLabelText('Name'))
    await user.paste('Amara Okafor')
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('amara-okafor')
    expect(screen.getByText('Their page’s address: /author/amara-okafor')).toBeTruthy()
    await user.clear(screen.getByLabelText('Slug'))
    await user.click(screen.getByLabelText('Slug'))
    await user.paste('amara')
    await user.click(screen.getByLabelText('Name'))
    await user.paste(' Jr')
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('amara')
  })

  it('says what is missing and focuses it, sending nothing', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<AuthorForm {...props({ onSubmit })} />)
    await user.click(screen.getByRole('button', { name: 'Create author' }))
    expect(onSubmit).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
    expect(screen.getByText('Enter the author’s name.')).toBeTruthy()
  })

  it('uploads a picture, describes it by the name, and saves the author', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    render(<AuthorForm {...props({ onSubmit })} />)
    await user.click(screen.getByLabelText('Name'))
    await user.paste('Amara Okafor')
    await user.upload(screen.getByLabelText('Choose an image'), new File(['x'], 'amara.png', { type: 'image/png' }))
    await waitFor(() => expect((screen.getByLabelText('Alt text') as HTMLInputElement).value).toBe('Portrait of Amara Okafor'))
    await user.click(screen.getByLabelText('Short bio'))
    await user.paste('Covers the city after dark.')
    await user.click(screen.getByRole('button', { name: 'Create author' }))
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Amara Okafor', slug: 'amara-okafor', bio: 'Covers the city after dark.', image: { assetRef: 'image-a-400x400-png', alt: 'Portrait of Amara Okafor' } })
  })

  it('shows a taken slug at the slug, and other refusals under the form', async () => {
    const user = userEvent.setup()
    const initial = { name: 'Priya Raman', slug: 'priya-raman', bio: '', image: null }
    const { unmount } = render(<AuthorForm {...props({ mode: 'edit', initial, onSubmit: () => Promise.reject(new AuthorSlugTaken('Another author has this slug.')) })} />)
    await user.click(screen.getByRole('button', { name: 'Save author' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Slug')))
    expect(screen.getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Another author has this slug.')).toBeTruthy()
    unmount()
    render(<AuthorForm {...props({ mode: 'edit', initial, onSubmit: () => Promise.reject(new Error('Your role may not change authors.')) })} />)
    await user.click(screen.getByRole('button', { name: 'Save author' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your role may not change authors.'))
  })
})
