import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../../tests/support/router.tsx'
import { SectionManager } from './SectionManager.tsx'
import { featuredArticles, draftArticle, editedArticle, galleries, leadArticle, uncategorisedArticle } from './AdminDashboard.fixtures.ts'

const noDelete = async () => {}
const ready = (items = featuredArticles, total = items.length) => ({ status: 'ready' as const, data: { total, items } })

describe('SectionManager', () => {
  it('names the section and leads back to the dashboard', async () => {
    await renderWithRouter(<SectionManager sectionType="trending" state={ready()} onDelete={noDelete} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Trending Now' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/admin/dashboard')
  })

  it('shows each article’s title and category, with edit and delete', async () => {
    await renderWithRouter(<SectionManager sectionType="latest" state={ready([leadArticle, uncategorisedArticle, draftArticle, editedArticle])} onDelete={noDelete} />)
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(4)
    expect(within(items[0]!).getByText(leadArticle.title!)).toBeTruthy()
    expect(within(items[0]!).getByText('World')).toBeTruthy()
    expect(within(items[1]!).getByText('No category')).toBeTruthy()
    expect(within(items[2]!).getByText('Draft')).toBeTruthy()
    expect(within(items[3]!).getByText('Thames Barrier closes')).toBeTruthy()
    expect(within(items[3]!).getByText('Draft differs from live')).toBeTruthy()
    expect(within(items[0]!).getByRole('link', { name: `Edit “${leadArticle.title}”` }).getAttribute('href')).toBe('/admin/articles/lead-1/edit')
    expect(within(items[0]!).getByRole('button', { name: `Delete “${leadArticle.title}”` })).toBeTruthy()
    expect(screen.getByText('4 items')).toBeTruthy()
  })

  it('offers Remove from this section apart from Delete, in the sections an editor flags articles for', async () => {
    const removed: string[] = []
    let finish = () => {}
    const onRemove = vi.fn((item: { id: string }) => {
      removed.push(item.id)
      return new Promise<void>((resolve) => (finish = resolve))
    })
    const featured = await renderWithRouter(<SectionManager sectionType="featured" state={ready([leadArticle, editedArticle])} onDelete={noDelete} onRemove={onRemove} />)
    const items = screen.getAllByRole('listitem')
    const remove = within(items[1]!).getByRole('button', { name: 'Remove “Thames Barrier closes” from Featured Stories' })
    expect(remove.textContent).toBe('Remove from this section')
    expect(within(items[1]!).getByRole('button', { name: 'Delete “Thames Barrier closes”' })).toBeTruthy()
    await userEvent.click(remove)
    expect(removed).toEqual(['edited-1'])
    // Busy until it settles: a second press does nothing.
    expect(remove.textContent).toBe('Removing...')
    await userEvent.click(remove)
    expect(onRemove).toHaveBeenCalledOnce()
    await act(async () => finish())
    expect(remove.textContent).toBe('Remove from this section')
    featured.unmount()
    // Trending is what readers read, videos their media type: nothing to remove there.
    await renderWithRouter(<SectionManager sectionType="trending" state={ready([leadArticle])} onDelete={noDelete} onRemove={onRemove} />)
    expect(screen.queryByRole('button', { name: /from Trending Now$/ })).toBeNull()
  })

  it('offers a contributor Edit for articles only: no Delete, no Remove from this section, and no photo essays to make or edit', async () => {
    const articles = await renderWithRouter(<SectionManager sectionType="latest" state={ready([leadArticle, draftArticle])} onDelete={noDelete} canPublish={false} onRemove={async () => {}} />)
    const items = screen.getAllByRole('listitem')
    expect(within(items[0]!).getByRole('link', { name: `Edit “${leadArticle.title}”` })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull()
    articles.unmount()
    await renderWithRouter(<SectionManager sectionType="images" state={ready(galleries)} onDelete={noDelete} canPublish={false} />)
    expect(screen.queryByRole('link', { name: 'New photo essay' })).toBeNull()
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull()
  })

  it('links each photo essay to its editor, and offers a new one', async () => {
    await renderWithRouter(<SectionManager sectionType="images" state={ready(galleries)} onDelete={noDelete} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Image Galleries' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'New photo essay' }).getAttribute('href')).toBe('/admin/photo-essays/new')
    const items = screen.getAllByRole('listitem')
    expect(within(items[0]!).getByRole('link', { name: `Edit “${galleries[0]!.title}”` }).getAttribute('href')).toBe(`/admin/photo-essays/${galleries[0]!.id}`)
    expect(screen.getAllByRole('link', { name: /^Edit/ })).toHaveLength(2)
    expect(screen.getAllByRole('button', { name: /^Delete/ })).toHaveLength(2)
  })

  it('offers a new photo essay only in the galleries', async () => {
    await renderWithRouter(<SectionManager sectionType="videos" state={ready()} onDelete={noDelete} />)
    expect(screen.queryByRole('link', { name: 'New photo essay' })).toBeNull()
  })

  it('says when only the first items are shown', async () => {
    await renderWithRouter(<SectionManager sectionType="trending" state={ready([leadArticle], 140)} onDelete={noDelete} />)
    expect(screen.getByText('Showing 1 of 140 items, most read first')).toBeTruthy()
  })

  it('says when loading, empty or failed', async () => {
    const retry = vi.fn()
    const first = await renderWithRouter(<SectionManager sectionType="videos" state={{ status: 'loading' }} onDelete={noDelete} />)
    expect(screen.getByText('Loading content...')).toBeTruthy()
    first.unmount()
    const second = await renderWithRouter(<SectionManager sectionType="videos" state={ready([])} onDelete={noDelete} />)
    expect(screen.getByText('No content found in this section.')).toBeTruthy()
    second.unmount()
    await renderWithRouter(<SectionManager sectionType="videos" state={{ status: 'error', message: 'Network down' }} onDelete={noDelete} onRetry={retry} />)
    expect(within(screen.getByRole('alert')).getByText('Error: Network down')).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalled()
  })

  it('says an unknown section is invalid, and lists the real ones', async () => {
    await renderWithRouter(<SectionManager sectionType={null} state={{ status: 'loading' }} onDelete={noDelete} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid content section' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Videos' }).getAttribute('href')).toBe('/admin/content/videos')
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toBeTruthy()
  })

  it('asks before deleting, naming the item', async () => {
    const user = userEvent.setup()
    let finish: () => void = () => {}
    const remove = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    await renderWithRouter(<SectionManager sectionType="images" state={ready(galleries)} onDelete={remove} />)
    await user.click(screen.getByRole('button', { name: 'Delete “Dawn on the Thames”' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete gallery' })
    expect(within(dialog).getByText('Are you sure you want to delete "Dawn on the Thames"?')).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(remove).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Delete “Dawn on the Thames”' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(remove).toHaveBeenCalledWith(galleries[0])
    await act(async () => finish())
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
