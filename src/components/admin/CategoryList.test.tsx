import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { categoryRowsFixture } from './AuthorList.fixtures.ts'
import { CategoryList, type CategoryListProps } from './CategoryList.tsx'

function props(overrides: Partial<CategoryListProps> = {}): CategoryListProps {
  return { state: { status: 'ready', data: categoryRowsFixture }, onNew: vi.fn(), onEdit: vi.fn(), whyNotDelete: vi.fn(async () => null), onDelete: vi.fn(async () => {}), ...overrides }
}

describe('CategoryList', () => {
  it('lists each category with its kind and the address of its page', () => {
    render(<CategoryList {...props()} />)
    const climate = within(screen.getByRole('list', { name: 'Categories' })).getByRole('heading', { name: /Climate/ })
    expect(climate.textContent).toBe('ClimateTopic')
    expect(screen.getByText('/topic/climate')).toBeTruthy()
    expect(screen.getByText('/uk')).toBeTruthy()
    expect(screen.getByText('No description')).toBeTruthy()
  })

  it('shows loading and none yet', () => {
    const { rerender } = render(<CategoryList {...props({ state: { status: 'loading' } })} />)
    expect(screen.getByRole('status').textContent).toBe('Loading...')
    rerender(<CategoryList {...props({ state: { status: 'ready', data: [] } })} />)
    expect(screen.getByText('No categories yet. Add the first with New category.')).toBeTruthy()
  })

  it('says how many articles use a category instead of deleting it, and asks before deleting one unused', async () => {
    const user = userEvent.setup()
    const onDelete = vi.fn(async () => {})
    const whyNotDelete = vi.fn(async (row: { title: string }) => (row.title === 'UK' ? '“UK” is used by 48 articles. Take it off them first, then delete it.' : null))
    render(<CategoryList {...props({ onDelete, whyNotDelete })} />)
    await user.click(screen.getByRole('button', { name: 'Delete UK' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('“UK” is used by 48 articles.'))
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Delete Podcasts' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete category' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(onDelete).toHaveBeenCalledWith(categoryRowsFixture[2])
  })
})
