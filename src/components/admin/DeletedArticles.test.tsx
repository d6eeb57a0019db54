import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DeletedArticles } from './DeletedArticles.tsx'

const articles = [
  { id: 'a1', title: 'Night buses return', deletedAt: '24 Nov 2026, 09:41:07', deletedBy: 'priya.raman@resonance.test' },
  { id: 'a2', title: 'Lido reopens', deletedAt: '20 Nov 2026, 17:03:20', deletedBy: 'API token' },
]

describe('DeletedArticles', () => {
  it('lists deleted articles with when and by whom, and restores the one pressed', async () => {
    const onRestore = vi.fn()
    render(<DeletedArticles state={{ status: 'ready', data: articles }} restoring={null} onRestore={onRestore} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Recently deleted' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('2 articles were deleted in the last 30 days. Restore brings one back as a draft.')
    const items = within(screen.getByRole('list', { name: 'Deleted articles, newest first' })).getAllByRole('listitem')
    expect(items[0]!.textContent).toContain('Deleted 24 Nov 2026, 09:41:07 by priya.raman@resonance.test')
    await userEvent.click(screen.getByRole('button', { name: 'Restore Lido reopens' }))
    expect(onRestore).toHaveBeenCalledWith('a2')
  })

  it('takes no second restore while one is saved', async () => {
    const onRestore = vi.fn()
    render(<DeletedArticles state={{ status: 'ready', data: articles }} restoring="a1" onRestore={onRestore} />)
    expect(screen.getByRole('button', { name: 'Restore Night buses return' }).textContent).toBe('Restoring...')
    await userEvent.click(screen.getByRole('button', { name: 'Restore Lido reopens' }))
    expect(onRestore).not.toHaveBeenCalled()
  })

  it('says it is loading, that nothing was deleted, and why it failed', async () => {
    const onRetry = vi.fn()
    const { rerender } = render(<DeletedArticles state={{ status: 'loading' }} restoring={null} onRestore={vi.fn()} />)
    expect(screen.getByRole('status').textContent).toBe('Loading deleted articles...')
    rerender(<DeletedArticles state={{ status: 'ready', data: [] }} restoring={null} onRestore={vi.fn()} />)
    expect(screen.getByRole('status').textContent).toBe('No articles were deleted in the last 30 days.')
    expect(screen.queryByRole('list')).toBeNull()
    rerender(<DeletedArticles state={{ status: 'error', message: 'Offline.' }} restoring={null} onRestore={vi.fn()} onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toContain('Failed to load deleted articles.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalled()
  })
})
