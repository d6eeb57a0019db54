import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { AdminDashboard } from './AdminDashboard.tsx'
import { dashboardData, draftArticle, editedArticle, emptyDashboard, leadArticle } from './AdminDashboard.fixtures.ts'

const noDelete = async () => {}
const section = (name: string) => screen.getByRole('region', { name })

describe('AdminDashboard', () => {
  it('offers Create Article and a way into every section manager', async () => {
    await renderWithRouter(<AdminDashboard state={{ status: 'ready', data: dashboardData }} onDelete={noDelete} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Content Dashboard' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Create Article' }).getAttribute('href')).toBe('/admin/edit/articles/new')
    const managers = screen.getByRole('navigation', { name: 'Manage sections' })
    expect(within(managers).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Lead Story', '/admin/content/lead'],
      ['Featured Stories', '/admin/content/featured'],
      ['Latest Updates', '/admin/content/latest'],
      ['Trending Now', '/admin/content/trending'],
      ['Videos', '/admin/content/videos'],
      ['Image Galleries', '/admin/content/images'],
    ])
  })

  it('lists Lead Story, Featured Stories and Latest Updates with edit and delete for each article', async () => {
    await renderWithRouter(<AdminDashboard state={{ status: 'ready', data: dashboardData }} onDelete={noDelete} />)
    const lead = section('Lead Story')
    expect(within(lead).getByText(leadArticle.title!)).toBeTruthy()
    expect(within(lead).getByText('World')).toBeTruthy()
    expect(within(lead).getByRole('link', { name: `Edit “${leadArticle.title}”` }).getAttribute('href')).toBe('/admin/edit/articles/lead-1')
    expect(within(lead).getByRole('button', { name: `Delete “${leadArticle.title}”` })).toBeTruthy()
    expect(within(lead).getByRole('link', { name: 'Manage Lead Story' }).getAttribute('href')).toBe('/admin/content/lead')
    expect(within(section('Featured Stories')).getAllByRole('listitem')).toHaveLength(3)
    expect(within(section('Latest Updates')).getAllByRole('listitem')).toHaveLength(2)
  })

  it('marks drafts and published articles with draft changes', async () => {
    await renderWithRouter(<AdminDashboard state={{ status: 'ready', data: dashboardData }} onDelete={noDelete} />)
    const featured = section('Featured Stories')
    const itemOf = (title: string) => within(featured).getByText(title).closest('li')!
    expect(within(itemOf(draftArticle.title!)).getByText('Draft')).toBeTruthy()
    expect(within(itemOf(editedArticle.title!)).getByText('Published (edited)')).toBeTruthy()
    expect(within(section('Lead Story')).queryByText('Draft')).toBeNull()
  })

  it('says when a section is empty', async () => {
    await renderWithRouter(<AdminDashboard state={{ status: 'ready', data: emptyDashboard }} onDelete={noDelete} />)
    expect(screen.getAllByText('No articles in this section.')).toHaveLength(3)
  })

  it('says when the articles are loading, or failed to load, and offers a retry', async () => {
    const retry = vi.fn()
    const { unmount } = await renderWithRouter(<AdminDashboard state={{ status: 'loading' }} onDelete={noDelete} />)
    expect(screen.getAllByText('Loading articles...')).toHaveLength(3)
    unmount()
    await renderWithRouter(<AdminDashboard state={{ status: 'error', message: 'Network down' }} onDelete={noDelete} onRetry={retry} />)
    expect(screen.getAllByText('Failed to load articles.')).toHaveLength(3)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalled()
  })

  it('deletes only after the editor confirms', async () => {
    const user = userEvent.setup()
    let finish: () => void = () => {}
    const remove = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    await renderWithRouter(<AdminDashboard state={{ status: 'ready', data: dashboardData }} onDelete={remove} />)
    await user.click(screen.getByRole('button', { name: `Delete “${draftArticle.title}”` }))
    const dialog = screen.getByRole('dialog', { name: 'Delete article' })
    expect(within(dialog).getByText('Are you sure you want to delete this article?')).toBeTruthy()
    expect(within(dialog).getByText(/Weekend sport results/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(remove).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: `Delete “${draftArticle.title}”` }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(remove).toHaveBeenCalledWith(draftArticle)
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeTruthy()
    await act(async () => finish())
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
