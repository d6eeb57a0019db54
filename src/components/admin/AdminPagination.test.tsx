import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { AdminPagination } from './AdminPagination.tsx'

const hrefOf = (name: string | RegExp) => new URL(screen.getByRole('link', { name }).getAttribute('href')!, 'http://x')

describe('AdminPagination', () => {
  it('keeps the filters in every page’s address, and leaves page 1 without a page', async () => {
    await renderWithRouter(<AdminPagination page={2} pageCount={4} />, '/admin/articles?q=bridge&status=draft&page=2')
    expect(screen.getByRole('navigation', { name: 'Article pages' })).toBeTruthy()
    const next = hrefOf(/Next/)
    expect(next.searchParams.get('q')).toBe('bridge')
    expect(next.searchParams.get('status')).toBe('draft')
    expect(next.searchParams.get('page')).toBe('3')
    const previous = hrefOf(/Previous/)
    expect(previous.searchParams.get('q')).toBe('bridge')
    expect(previous.searchParams.has('page')).toBe(false)
    expect(hrefOf('Page 4').searchParams.get('page')).toBe('4')
  })

  it('marks the current page and silences the missing step', async () => {
    await renderWithRouter(<AdminPagination page={1} pageCount={3} />)
    expect(screen.getByRole('navigation').querySelector('[aria-current="page"]')?.textContent).toBe('Page 1')
    expect(screen.queryByRole('link', { name: /Previous/ })).toBeNull()
    expect(screen.getByRole('link', { name: 'Page 2' })).toBeTruthy()
  })

  it('shows nothing for a single page', async () => {
    await renderWithRouter(<AdminPagination page={1} pageCount={1} />)
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('leads back from a page past the end', async () => {
    await renderWithRouter(<AdminPagination page={9} pageCount={3} />, '/admin/articles?page=9')
    expect(hrefOf(/Previous/).searchParams.get('page')).toBe('3')
    expect(screen.queryByRole('link', { name: /Next/ })).toBeNull()
  })
})
