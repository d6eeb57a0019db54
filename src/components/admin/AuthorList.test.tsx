import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AuthorList, type AuthorListProps } from './AuthorList.tsx'
import { authorRowsFixture } from './AuthorList.fixtures.ts'

function props(overrides: Partial<AuthorListProps> = {}): AuthorListProps {
  return { state: { status: 'ready', data: authorRowsFixture }, onNew: vi.fn(), onEdit: vi.fn(), whyNotDelete: vi.fn(async () => null), onDelete: vi.fn(async () => {}), ...overrides }
}

describe('AuthorList', () => {
  it('lists each author with their page’s address and bio, or says they have none', () => {
    render(<AuthorList {...props()} />)
    const list = screen.getByRole('list', { name: 'Authors' })
    expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Priya Raman', 'Tom Whitcombe'])
    expect(screen.getByText('/author/priya-raman')).toBeTruthy()
    expect(screen.getByText('No bio')).toBeTruthy()
  })

  it('shows loading, a failure with a way to try again, and none yet', async () => {
    const onRetry = vi.fn()
    const { rerender } = render(<AuthorList {...props({ state: { status: 'loading' } })} />)
    expect(screen.getByRole('status').textContent).toBe('Loading...')
    rerender(<AuthorList {...props({ state: { status: 'error', message: 'Could not reach the content service.' }, onRetry })} />)
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalled()
    rerender(<AuthorList {...props({ state: { status: 'ready', data: [] } })} />)
    expect(screen.getByText('No authors yet. Add the first with New author.')).toBeTruthy()
  })

  it('opens a new author or one to edit', async () => {
    const onNew = vi.fn()
    const onEdit = vi.fn()
    render(<AuthorList {...props({ onNew, onEdit })} />)
    await userEvent.click(screen.getByRole('button', { name: 'New author' }))
    await userEvent.click(screen.getByRole('button', { name: 'Edit Tom Whitcombe' }))
    expect(onNew).toHaveBeenCalled()
    expect(onEdit).toHaveBeenCalledWith(authorRowsFixture[1])
  })

  it('asks before deleting an author nobody uses', async () => {
    const user = userEvent.setup()
    const onDelete = vi.fn(async () => {})
    render(<AuthorList {...props({ onDelete })} />)
    await user.click(screen.getByRole('button', { name: 'Delete Tom Whitcombe' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete author' })
    expect(within(dialog).getByText('Are you sure you want to delete “Tom Whitcombe”?')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(onDelete).toHaveBeenCalledWith(authorRowsFixture[1])
  })

  it('says why an author with articles cannot be deleted, and asks nothing', async () => {
    const user = userEvent.setup()
    const onDelete = vi.fn()
    render(<AuthorList {...props({ onDelete, whyNotDelete: async () => '“Priya Raman” is used by 12 articles. Take it off them first, then delete it.' })} />)
    await user.click(screen.getByRole('button', { name: 'Delete Priya Raman' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('is used by 12 articles'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onDelete).not.toHaveBeenCalled()
  })
})
