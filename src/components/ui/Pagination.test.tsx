import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderInListingRoute, renderWithRouter } from '../../../tests/support/router.tsx'
import { Pagination, type PaginationProps } from './Pagination.tsx'


describe('Pagination on a reader’s listing', () => {
  it('links to the previous and next pages and marks the current one', async () => {
    await renderInListingRoute(<Pagination page={2} pageCount={3} />, '/news?page=2')
    const nav = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(nav).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/news')
    expect(within(nav).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/news?page=3')
    expect(within(nav).getByText('2').closest('[aria-current="page"]')?.textContent).toBe('Page 2')
    expect(within(nav).queryByRole('link', { name: 'Page 2' })).toBeNull()
    expect(within(nav).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBeNull()
    expect(within(nav).getByRole('link', { name: 'Previous' }).getAttribute('aria-current')).toBeNull()
    expect(within(nav).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/news?page=3')
  })

  it('offers no previous link on the first page', async () => {
    await renderInListingRoute(<Pagination page={1} pageCount={3} />, '/news')
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/news?page=2')
    expect(screen.getByText('1').closest('[aria-current="page"]')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBeNull()
  })

  it('offers no next link on the last page', async () => {
    await renderInListingRoute(<Pagination page={3} pageCount={3} />, '/news?page=3')
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/news?page=2')
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull()
  })

  it('shortens a long run of pages to the ends and the neighbours', async () => {
    await renderInListingRoute(<Pagination page={12} pageCount={40} label="Archive pages" />, '/archive?page=12')
    const nav = screen.getByRole('navigation', { name: 'Archive pages' })
    expect(within(nav).getAllByRole('link', { name: /^Page/ }).map((a) => a.textContent)).toEqual(['1', '11', '13', '40'])
    expect(within(nav).getByText('12').closest('[aria-current="page"]')).toBeTruthy()
    expect(within(nav).getAllByText('…')).toHaveLength(2)
  })

  it('moves to the page chosen', async () => {
    const { router } = await renderInListingRoute(<Pagination page={1} pageCount={3} />, '/news')
    await userEvent.setup().click(screen.getByRole('link', { name: 'Page 3' }))
    await waitFor(() => expect(router.state.location.href).toBe('/news?page=3'))
  })

  it('shows nothing for a single page or past the end', () => {
    const one = render(<Pagination page={1} pageCount={1} />)
    expect(one.container.querySelector('nav')).toBeNull()
    one.unmount()
    const past = render(<Pagination page={5} pageCount={2} />)
    expect(past.container.querySelector('nav')).toBeNull()
  })
})

// As the admin's article list uses it.
function AdminPagination(props: Pick<PaginationProps, 'page' | 'pageCount'>) {
  return <Pagination {...props} label="Article pages" keepSearch pastTheEnd="leadBack" variant="admin" />
}

const hrefOf = (name: string | RegExp) => new URL(screen.getByRole('link', { name }).getAttribute('href')!, 'http://x')

describe('Pagination on the admin’s article list', () => {
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
    // Only the page on screen is current: not the way back to page 1.
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('aria-current')).toBeNull()
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBeNull()
    expect(screen.getByRole('navigation').querySelectorAll('[aria-current="page"]')).toHaveLength(1)
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
