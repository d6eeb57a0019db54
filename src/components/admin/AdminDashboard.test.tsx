import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { AdminDashboard } from './AdminDashboard.tsx'
import { breakingArticle, dashboardData, draftArticle, editedArticle, emptyDashboard, latestArticle, leadArticle, notShown, olderBreaking } from './AdminDashboard.fixtures.ts'

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

  it('lists the homepage’s sections in its order, each article with edit and delete', async () => {
    await renderWithRouter(<AdminDashboard state={{ status: 'ready', data: dashboardData }} onDelete={noDelete} />)
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Breaking News', 'Lead Story', 'Featured Stories', 'Latest Updates', 'Trending Now', 'Manage sections'])
    const lead = section('Lead Story')
    expect(within(lead).getByText(leadArticle.title!)).toBeTruthy()
    expect(within(lead).getByText('World')).toBeTruthy()
    expect(within(lead).getByRole('link', { name: `Edit “${leadArticle.title}”` }).getAttribute('href')).toBe('/admin/edit/articles/lead-1')
    expect(within(lead).getByRole('button', { name: `Delete “${leadArticle.title}”` })).toBeTruthy()
    expect(within(lead).getByRole('link', { name: 'Manage Lead Story' }).getAttribute('href')).toBe('/admin/content/lead')
    // Breaking News is one story chosen in the article form: there is no manager for it.
    expect(within(section('Breaking News')).queryByRole('link', { name: /Manage/ })).toBeNull()
    expect(within(section('Featured Stories')).getAllByRole('listitem')).toHaveLength(4)
    expect(within(section('Latest Updates')).getAllByRole('listitem')).toHaveLength(2)
    expect(within(section('Trending Now')).getAllByRole('listitem')).toHaveLength(2)
  })

  it('offers a contributor, who may not delete, Edit and no Delete', async () => {
    await renderWithRouter(<AdminDashboard state={{ status: 'ready', data: dashboardData }} onDelete={noDelete} canDelete={false} />)
    expect(screen.queryAllByRole('button', { name: /^Delete/ })).toEqual([])
    expect(within(section('Lead Story')).getByRole('link', { name: `Edit “${leadArticle.title}”` })).toBeTruthy()
  })

  it('marks in words the flagged articles readers do not see, apart from those they do', async () => {
    await renderWithRouter(<AdminDashboard state={{ status: 'ready', data: dashboardData }} onDelete={noDelete} />)
    const breaking = section('Breaking News')
    const onHomepage = within(breaking).getByRole('list', { name: 'Breaking News on the homepage' })
    expect(within(onHomepage).getAllByRole('listitem').map((li) => li.querySelector('.admin-dashboard__item-title')?.textContent)).toEqual([breakingArticle.title])
    expect(within(onHomepage).queryByText('Not on the homepage')).toBeNull()
    const hidden = within(breaking).getByRole('list', { name: 'Flagged, not shown here' })
    const item = within(hidden).getByText(olderBreaking.title!).closest('li')!
    expect(within(item).getByText('Not on the homepage')).toBeTruthy()
    expect(within(item).getByRole('link', { name: `Edit “${olderBreaking.title}”` })).toBeTruthy()
    const featured = within(section('Featured Stories')).getByRole('list', { name: 'Flagged, not shown here' })
    const draftItem = within(within(featured).getByText(draftArticle.title!).closest('li')!)
    expect(draftItem.getByText('Draft')).toBeTruthy()
    expect(draftItem.getByText('Not on the homepage')).toBeTruthy()
    // Flagged featured too, but readers see it among the latest: the mark says where, not that it is missing.
    const latestItem = within(within(featured).getByText(latestArticle.title!).closest('li')!)
    expect(latestItem.getByText('On the homepage in Latest Updates')).toBeTruthy()
    expect(latestItem.queryByText('Not on the homepage')).toBeNull()
    expect(within(section('Lead Story')).queryByText('Not on the homepage')).toBeNull()
  })

  it('marks drafts, and published articles whose draft differs from what readers see', async () => {
    await renderWithRouter(<AdminDashboard state={{ status: 'ready', data: dashboardData }} onDelete={noDelete} />)
    const featured = section('Featured Stories')
    const itemOf = (title: string) => within(featured).getByText(title).closest('li')!
    expect(within(itemOf(draftArticle.title!)).getByText('Draft')).toBeTruthy()
    // Readers' title, and the mark that an editor's draft of it differs.
    expect(within(itemOf(editedArticle.title!)).getByText('Draft differs from live')).toBeTruthy()
    expect(within(itemOf(editedArticle.title!)).queryByText('Published (edited)')).toBeNull()
    expect(within(section('Lead Story')).queryByText('Draft')).toBeNull()
  })

  it('says when a section is empty, and when only flagged articles readers do not see are in it', async () => {
    const { unmount } = await renderWithRouter(<AdminDashboard state={{ status: 'ready', data: emptyDashboard }} onDelete={noDelete} />)
    expect(screen.getAllByText('No articles in this section.')).toHaveLength(5)
    unmount()
    await renderWithRouter(<AdminDashboard state={{ status: 'ready', data: { ...emptyDashboard, lead: { shown: [], notShown: [notShown(draftArticle)] } } }} onDelete={noDelete} />)
    const lead = section('Lead Story')
    expect(within(lead).getByText('None on the homepage.')).toBeTruthy()
    expect(within(lead).getByText('Not on the homepage')).toBeTruthy()
  })

  it('says when the articles are loading, or failed to load, and offers a retry', async () => {
    const retry = vi.fn()
    const { unmount } = await renderWithRouter(<AdminDashboard state={{ status: 'loading' }} onDelete={noDelete} />)
    expect(screen.getAllByText('Loading articles...')).toHaveLength(5)
    unmount()
    await renderWithRouter(<AdminDashboard state={{ status: 'error', message: 'Network down' }} onDelete={noDelete} onRetry={retry} />)
    expect(screen.getAllByText('Failed to load articles.')).toHaveLength(5)
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
    expect(remove).toHaveBeenCalledWith(notShown(draftArticle))
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeTruthy()
    await act(async () => finish())
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
