import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { adminDateTime } from '../../content/admin/display.ts'
import { AdminArticleTable, type AdminArticleTableProps } from './AdminArticleTable.tsx'
import { articleRows } from './AdminArticleTable.fixtures.ts'

function props(overrides: Partial<AdminArticleTableProps> = {}): AdminArticleTableProps {
  return {
    state: { status: 'ready', data: { rows: articleRows, total: 96 } },
    page: 1,
    sort: 'newest',
    filtered: false,
    onSort: () => {},
    onDelete: async () => {},
    ...overrides,
  }
}

const rowOf = (title: string) => screen.getByRole('rowheader', { name: title }).closest('tr')!

describe('AdminArticleTable', () => {
  it('has the spec’s columns, with each article’s title as its row header', async () => {
    await renderWithRouter(<AdminArticleTable {...props()} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Articles' })).toBeTruthy()
    const table = screen.getByRole('table', { name: 'Articles, newest created first' })
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim())).toEqual(['Title', 'Author', 'Category', 'Status', 'Created At', 'Actions'])
    expect(within(table).getAllByRole('rowheader')).toHaveLength(articleRows.length)
    expect(screen.getByRole('status').textContent).toBe('Showing 1–4 of 96 articles.')
  })

  it('shows author, categories, status and creation date', async () => {
    await renderWithRouter(<AdminArticleTable {...props()} />)
    const bridge = within(rowOf('London Bridge reopens after repairs'))
    expect(bridge.getByText('Priya Raman')).toBeTruthy()
    expect(bridge.getByText('UK, News')).toBeTruthy()
    expect(bridge.getByText('Published')).toBeTruthy()
    // In the editor's time zone, to the minute.
    expect(bridge.getByText(adminDateTime('2026-11-21T06:15:00Z')!).getAttribute('datetime')).toBe('2026-11-21T06:15:00Z')
    const results = within(rowOf('Weekend sport results'))
    expect(results.getByText('Draft')).toBeTruthy()
    expect(results.getByText('No author')).toBeTruthy()
    expect(results.getByText('None')).toBeTruthy()
    expect(within(rowOf('Thames Barrier closes as surge tide rises')).getByText('Published (edited)')).toBeTruthy()
    expect(screen.getByText(/Published \(edited\): readers see the published version/)).toBeTruthy()
  })

  it('offers no Delete to someone who may not delete (a contributor), and Edit still', async () => {
    await renderWithRouter(<AdminArticleTable {...props({ canDelete: false })} />)
    expect(screen.queryAllByRole('button', { name: /^Delete/ })).toEqual([])
    const bridge = within(rowOf('London Bridge reopens after repairs'))
    expect(bridge.getByRole('link', { name: 'Edit “London Bridge reopens after repairs”' })).toBeTruthy()
  })

  it('marks a scheduled draft Scheduled, with when it goes live on London’s clock', async () => {
    const rows = articleRows.map((r) => (r.title === 'Weekend sport results' ? { ...r, scheduledAt: '2026-07-01T06:00:00.000Z' } : r))
    await renderWithRouter(<AdminArticleTable {...props({ state: { status: 'ready', data: { rows, total: 96 } } })} />)
    const results = within(rowOf('Weekend sport results'))
    expect(results.getByText('Scheduled')).toBeTruthy()
    expect(results.getByText('Wed 1 Jul 2026, 07:00').getAttribute('datetime')).toBe('2026-07-01T06:00:00.000Z')
    expect(within(rowOf('London Bridge reopens after repairs')).queryByText('Scheduled')).toBeNull()
  })

  it('links Edit to the article and asks before Delete', async () => {
    const user = userEvent.setup()
    let finish: () => void = () => {}
    const remove = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    await renderWithRouter(<AdminArticleTable {...props({ onDelete: remove })} />)
    const bridge = within(rowOf('London Bridge reopens after repairs'))
    expect(bridge.getByRole('link', { name: 'Edit “London Bridge reopens after repairs”' }).getAttribute('href')).toBe('/admin/articles/bridge')
    await user.click(bridge.getByRole('button', { name: 'Delete “London Bridge reopens after repairs”' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete article' })
    expect(within(dialog).getByText('Are you sure you want to delete this article?')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(remove).toHaveBeenCalledWith(articleRows[0])
    await act(async () => finish())
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('sorts from the Title and Created At headers, and says which column is sorted', async () => {
    const user = userEvent.setup()
    const sort = vi.fn()
    const first = await renderWithRouter(<AdminArticleTable {...props({ onSort: sort })} />)
    const created = screen.getByRole('columnheader', { name: /Created At/ })
    expect(created.getAttribute('aria-sort')).toBe('descending')
    expect(screen.getByRole('columnheader', { name: /Title/ }).hasAttribute('aria-sort')).toBe(false)
    await user.click(within(created).getByRole('button'))
    await user.click(within(screen.getByRole('columnheader', { name: /Title/ })).getByRole('button'))
    expect(sort.mock.calls).toEqual([['oldest'], ['title']])
    first.unmount()

    sort.mockClear()
    await renderWithRouter(<AdminArticleTable {...props({ onSort: sort, sort: 'title' })} />)
    const title = screen.getByRole('columnheader', { name: /Title/ })
    expect(title.getAttribute('aria-sort')).toBe('ascending')
    expect(screen.getByRole('columnheader', { name: /Created At/ }).hasAttribute('aria-sort')).toBe(false)
    await user.click(within(title).getByRole('button'))
    expect(sort).toHaveBeenCalledWith('title-desc')
  })

  it('names no column when sorted by publication date', async () => {
    await renderWithRouter(<AdminArticleTable {...props({ sort: 'published' })} />)
    expect(screen.getByRole('table', { name: 'Articles, most recently published first' })).toBeTruthy()
    expect(screen.getAllByRole('columnheader').some((th) => th.hasAttribute('aria-sort'))).toBe(false)
  })

  it('says Loading articles... while loading', async () => {
    await renderWithRouter(<AdminArticleTable {...props({ state: { status: 'loading' } })} />)
    expect(screen.getByRole('status').textContent).toBe('Loading articles...')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says what an empty list means', async () => {
    const first = await renderWithRouter(<AdminArticleTable {...props({ state: { status: 'ready', data: { rows: [], total: 0 } } })} />)
    expect(screen.getByRole('status').textContent).toBe('No articles yet.')
    first.unmount()
    const second = await renderWithRouter(<AdminArticleTable {...props({ filtered: true, state: { status: 'ready', data: { rows: [], total: 0 } } })} />)
    expect(screen.getByRole('status').textContent).toBe('No articles match these filters.')
    second.unmount()
    await renderWithRouter(<AdminArticleTable {...props({ page: 9, state: { status: 'ready', data: { rows: [], total: 30 } } })} />)
    expect(screen.getByRole('status').textContent).toBe('There are no articles on page 9.')
  })

  it('counts from the page shown', async () => {
    await renderWithRouter(<AdminArticleTable {...props({ page: 2, filtered: true, state: { status: 'ready', data: { rows: articleRows.slice(0, 2), total: 27 } } })} />)
    expect(screen.getByRole('status').textContent).toBe('Showing 26–27 of 27 articles matching the filters.')
  })

  it('reports a failure with a retry', async () => {
    const retry = vi.fn()
    await renderWithRouter(<AdminArticleTable {...props({ state: { status: 'error', message: 'Network down' }, onRetry: retry })} />)
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText('Failed to load articles.')).toBeTruthy()
    expect(within(alert).getByText('Network down')).toBeTruthy()
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalled()
  })

  it('places the filters above and the pages below', async () => {
    await renderWithRouter(<AdminArticleTable {...props({ filters: <form aria-label="Filters" />, pagination: <nav aria-label="Pages" /> })} />)
    const filters = screen.getByRole('form', { name: 'Filters' })
    const pages = screen.getByRole('navigation', { name: 'Pages' })
    const table = screen.getByRole('table')
    expect(filters.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(table.compareDocumentPosition(pages) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('keeps the rows, marked busy, while another view of the list loads', async () => {
    await renderWithRouter(<AdminArticleTable {...props({ busy: true })} />)
    expect(screen.getByRole('status').textContent).toBe('Loading articles...')
    expect(screen.getByRole('region', { name: /Articles,/ }).getAttribute('aria-busy')).toBe('true')
    expect(screen.getAllByRole('rowheader')).toHaveLength(articleRows.length)
  })
})
