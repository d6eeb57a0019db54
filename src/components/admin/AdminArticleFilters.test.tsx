import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AdminArticleFilters } from './AdminArticleFilters.tsx'
import { authorOptions, categoryOptions } from './AdminArticleTable.fixtures.ts'

const options = (label: string) => Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.textContent)

describe('AdminArticleFilters', () => {
  it('offers search, status, category, author and sort, in a search landmark', () => {
    render(<AdminArticleFilters search={{}} categories={categoryOptions} authors={authorOptions} onChange={() => {}} />)
    expect(screen.getByRole('search', { name: 'Articles' })).toBeTruthy()
    expect(screen.getByRole('searchbox', { name: 'Search titles' })).toBeTruthy()
    expect(options('Status')).toEqual(['Any status', 'Published', 'Published, with draft changes', 'Draft (not published)'])
    expect(options('Category')).toEqual(['Any category', 'Business & Money', 'Sport', 'UK'])
    expect(options('Author')).toEqual(['Any author', 'Hannah Clarke', 'Leila Haddad', 'Priya Raman'])
    expect(options('Sort by')).toEqual(['Newest first', 'Oldest first', 'Title A–Z', 'Title Z–A', 'Recently published'])
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull()
  })

  it('applies a choice at once, going back to the first page', async () => {
    const user = userEvent.setup()
    const change = vi.fn()
    render(<AdminArticleFilters search={{ q: 'bridge', author: 'au-priya', page: 3 }} categories={categoryOptions} authors={authorOptions} onChange={change} />)
    expect((screen.getByLabelText('Author') as HTMLSelectElement).value).toBe('au-priya')
    await user.selectOptions(screen.getByLabelText('Status'), 'Draft (not published)')
    expect(change).toHaveBeenLastCalledWith({ status: 'draft', page: undefined })
    await user.selectOptions(screen.getByLabelText('Category'), 'Sport')
    expect(change).toHaveBeenLastCalledWith({ category: 'cat-sport', page: undefined })
    await user.selectOptions(screen.getByLabelText('Author'), 'Any author')
    expect(change).toHaveBeenLastCalledWith({ author: undefined, page: undefined })
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Title A–Z')
    expect(change).toHaveBeenLastCalledWith({ sort: 'title', page: undefined })
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Newest first')
    expect(change).toHaveBeenLastCalledWith({ sort: undefined, page: undefined })
  })

  it('searches when submitted, not on every keystroke', async () => {
    const user = userEvent.setup()
    const change = vi.fn()
    render(<AdminArticleFilters search={{ status: 'published' }} categories={[]} authors={[]} onChange={change} />)
    await user.type(screen.getByRole('searchbox', { name: 'Search titles' }), '  thames barrier ')
    expect(change).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(change).toHaveBeenCalledWith({ q: 'thames barrier', page: undefined })
    await user.clear(screen.getByRole('searchbox', { name: 'Search titles' }))
    await user.keyboard('{Enter}')
    expect(change).toHaveBeenLastCalledWith({ q: undefined, page: undefined })
  })

  it('clears every filter but keeps the sort', async () => {
    const user = userEvent.setup()
    const change = vi.fn()
    render(<AdminArticleFilters search={{ q: 'x', status: 'draft', category: 'cat-uk', sort: 'oldest', page: 2 }} categories={categoryOptions} authors={authorOptions} onChange={change} />)
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(change).toHaveBeenCalledWith({ q: undefined, status: undefined, category: undefined, author: undefined, page: undefined })
  })

  it('shows the search in force when the address changes', () => {
    const { rerender } = render(<AdminArticleFilters search={{ q: 'bridge' }} categories={[]} authors={[]} onChange={() => {}} />)
    const box = screen.getByRole('searchbox', { name: 'Search titles' }) as HTMLInputElement
    expect(box.value).toBe('bridge')
    rerender(<AdminArticleFilters search={{}} categories={[]} authors={[]} onChange={() => {}} />)
    expect(box.value).toBe('')
  })
})
