import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { HistoryPanel, type HistoryPanelProps } from './HistoryPanel.tsx'
import { revisions, viewedFirst } from './HistoryPanel.fixtures.ts'

function renderPanel(props: Partial<HistoryPanelProps> = {}) {
  const handlers = { onRetry: vi.fn(), onView: vi.fn(), onRestore: vi.fn() }
  const view = render(<HistoryPanel list={{ kind: 'ready', revisions }} viewed={null} restoring={false} restoreError={null} {...handlers} {...props} />)
  return { ...handlers, ...view }
}

describe('HistoryPanel', () => {
  it('says it is loading, and that there is nothing yet', () => {
    const { rerender } = render(<HistoryPanel list={{ kind: 'loading' }} viewed={null} restoring={false} restoreError={null} onRetry={vi.fn()} onView={vi.fn()} onRestore={vi.fn()} />)
    expect(screen.getByRole('status').textContent).toBe('Loading revisions…')
    rerender(<HistoryPanel list={{ kind: 'ready', revisions: [] }} viewed={null} restoring={false} restoreError={null} onRetry={vi.fn()} onView={vi.fn()} onRestore={vi.fn()} />)
    expect(screen.getByText('No revisions yet.')).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('lists revisions newest first with when and who, the first marked current, and views one on a press', async () => {
    const { onView } = renderPanel()
    const items = within(screen.getByRole('list', { name: 'Revisions, newest first' })).getAllByRole('button')
    expect(items.map((b) => b.textContent)).toEqual([
      '24 Nov 2026, 09:41:07priya.raman@resonance.testCurrent version',
      '24 Nov 2026, 09:12:55felix.armitage@resonance.test',
      '23 Nov 2026, 17:03:20API token',
    ])
    await userEvent.click(items[2]!)
    expect(onView).toHaveBeenCalledWith('tx-1')
  })

  it('says why the list failed and tries again', async () => {
    const { onRetry } = renderPanel({ list: { kind: 'failed', message: 'The content service could not be reached.' } })
    expect(screen.getByRole('alert').textContent).toContain('Could not load the history: The content service could not be reached.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalled()
  })

  it('shows a viewed version read-only and what changed since, the body as a text diff', () => {
    renderPanel({ viewed: viewedFirst })
    expect(screen.getByRole('button', { name: /23 Nov 2026, 17:03:20/ }).getAttribute('aria-pressed')).toBe('true')
    const viewed = screen.getByRole('region', { name: 'Revision of 23 Nov 2026, 17:03:20' })
    expect(viewed.querySelector('.history-panel__title')!.textContent).toBe('Night buses return')
    expect(within(viewed).getByText('Transport for London said the change was long awaited.')).toBeTruthy()
    expect(within(viewed).queryByRole('textbox')).toBeNull()
    const changes = viewed.querySelectorAll('dt')
    expect([...changes].map((dt) => dt.textContent)).toEqual([
      'Title Changed since this version',
      'Excerpt Removed since this version',
      'Featured Added since this version',
      'Body Changed since this version',
    ])
    const body = viewed.querySelector('.history-panel__diff')!
    expect([...body.querySelectorAll('del')].map((d) => d.textContent)).toEqual(['[removed: Friday]'])
    expect([...body.querySelectorAll('ins')].map((d) => d.textContent)).toEqual(['[added: Saturday night]'])
  })

  it('restores only after the confirm, and not from the current version', async () => {
    const { onRestore, rerender } = renderPanel({ viewed: viewedFirst })
    await userEvent.click(screen.getByRole('button', { name: 'Restore this version' }))
    const dialog = screen.getByRole('dialog', { name: 'Restore this version' })
    expect(onRestore).not.toHaveBeenCalled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(onRestore).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Restore this version' }))
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore' }))
    expect(onRestore).toHaveBeenCalledWith('tx-1')

    rerender(<HistoryPanel list={{ kind: 'ready', revisions }} viewed={{ kind: 'ready', id: 'tx-3', article: { title: 'Night buses return to the Northern line', excerpt: '', body: [] }, changes: [] }} restoring={false} restoreError={null} onRetry={vi.fn()} onView={vi.fn()} onRestore={onRestore} />)
    expect(screen.getByText('Nothing: this is the same as the current version.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull()
  })

  it('is busy while restoring and says why a restore failed', () => {
    const { rerender } = renderPanel({ viewed: viewedFirst, restoring: true })
    expect((screen.getByRole('button', { name: 'Restoring…' }) as HTMLButtonElement).disabled).toBe(true)
    rerender(<HistoryPanel list={{ kind: 'ready', revisions }} viewed={viewedFirst} restoring={false} restoreError="Conflict." onRetry={vi.fn()} onView={vi.fn()} onRestore={vi.fn()} />)
    expect(screen.getByRole('alert').textContent).toBe('Could not restore: Conflict.')
  })

  it('says what it is loading or could not load of a version, and when a version deleted the article', () => {
    const { rerender } = renderPanel({ viewed: { kind: 'loading', id: 'tx-2' } })
    expect(screen.getByRole('status').textContent).toBe('Loading this version…')
    rerender(<HistoryPanel list={{ kind: 'ready', revisions }} viewed={{ kind: 'failed', id: 'tx-2', message: 'Not found' }} restoring={false} restoreError={null} onRetry={vi.fn()} onView={vi.fn()} onRestore={vi.fn()} />)
    expect(screen.getByRole('alert').textContent).toBe('Could not load this version: Not found')
    rerender(<HistoryPanel list={{ kind: 'ready', revisions }} viewed={{ kind: 'ready', id: 'tx-2', article: null, changes: [] }} restoring={false} restoreError={null} onRetry={vi.fn()} onView={vi.fn()} onRestore={vi.fn()} />)
    expect(screen.getByText('The article was deleted in this revision.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull()
  })
})
