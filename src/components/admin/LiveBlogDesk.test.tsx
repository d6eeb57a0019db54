import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { deskMessages } from '../../content/admin/liveBlogDesk.ts'
import { LiveBlogDesk, type LiveBlogDeskProps } from './LiveBlogDesk.tsx'
import { deskData, deskProps, deskUpdates } from './LiveBlogDesk.fixtures.ts'
import { layoutStubsForEditor } from './RichTextEditor.testing.ts'

layoutStubsForEditor()

function setup(props: Partial<LiveBlogDeskProps> = {}) {
  const user = userEvent.setup()
  const calls = deskProps(vi.fn)
  render(<LiveBlogDesk {...calls} {...props} />)
  return { user, ...calls }
}

const items = () => within(screen.getByRole('list')).getAllByRole('listitem')

describe('LiveBlogDesk', () => {
  it("lists the updates newest first with their time, byline and state, a draft's Publish, Edit and Delete", async () => {
    const { user, onPublish, onEdit, onDelete } = setup()
    expect(screen.getByText('LIVE')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Updates (4)' })).toBeTruthy()
    const [draft, key, edited, pinned] = items()
    expect(draft!.textContent).toContain('18.24 GMT')
    expect(draft!.textContent).toContain('Omar Haddad')
    expect(within(draft!).getByText('Draft')).toBeTruthy()
    expect(within(key!).getByRole('heading', { name: 'Gusts of 68mph recorded at Canary Wharf' })).toBeTruthy()
    expect(within(key!).getByText('Key event')).toBeTruthy()
    expect(within(edited!).getByText('Updated 17.52 GMT')).toBeTruthy()
    expect(within(pinned!).getByText('Pinned')).toBeTruthy()
    expect(within(key!).queryByRole('button', { name: /Publish/ })).toBeNull()

    await user.click(within(draft!).getByRole('button', { name: /^Publish the draft update/ }))
    expect(onPublish).toHaveBeenCalledWith('u4')
    await user.click(within(key!).getByRole('button', { name: 'Edit the update Gusts of 68mph recorded at Canary Wharf' }))
    expect(onEdit).toHaveBeenCalledWith('u3')
    await user.click(within(edited!).getByRole('button', { name: 'Delete the update 17.40 GMT' }))
    expect(onDelete).toHaveBeenCalledWith('u2')
  })

  it('posts from the compact editor, and says what happened in its live region', async () => {
    const { user, onPost } = setup({ message: { tone: 'success', text: deskMessages.posted } })
    expect(screen.getByText(deskMessages.posted).getAttribute('aria-live')).toBe('polite')
    await user.click(screen.getByRole('textbox', { name: 'Update' }))
    await user.keyboard('Trains are running again.{Control>}{Enter}{/Control}')
    expect(onPost).toHaveBeenCalledTimes(1)
    expect(onPost).toHaveBeenCalledWith(expect.objectContaining({ authorId: 'nadia', isKeyEvent: false }))
  })

  it("gives a contributor drafts only: no Publish, no coverage buttons, Edit and Delete on drafts alone", () => {
    setup({ canPublish: false })
    expect(screen.getByRole('button', { name: 'Save draft update' })).toBeTruthy()
    expect(screen.getByText('Your update is saved as a draft: an editor publishes it.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /live coverage/ })).toBeNull()
    const [draft, published] = items()
    expect(within(draft!).queryByRole('button', { name: /Publish/ })).toBeNull()
    expect(within(draft!).getByRole('button', { name: /^Edit/ })).toBeTruthy()
    expect(within(published!).queryByRole('button')).toBeNull()
  })

  it('edits an update in place and keeps the text when the save was refused', async () => {
    const { user, onSave, onCancelEdit } = setup({ editing: deskUpdates[1]!, message: { tone: 'error', text: deskMessages.conflict } })
    expect(screen.getByText(deskMessages.conflict).getAttribute('aria-live')).toBe('polite')
    const form = screen.getByRole('form', { name: 'Save update' })
    expect((within(form).getByRole('textbox', { name: 'Headline (optional)' }) as HTMLInputElement).value).toBe('Gusts of 68mph recorded at Canary Wharf')
    for (const button of screen.getAllByRole('button', { name: /^(Edit|Delete) the update/ })) expect((button as HTMLButtonElement).disabled).toBe(true)
    await user.click(within(form).getByRole('button', { name: 'Save update' }))
    expect(onSave).toHaveBeenCalledTimes(1)
    await user.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(onCancelEdit).toHaveBeenCalledTimes(1)
  })

  it("puts the caret in the text an Edit opens, and the keyboard back on that update's Edit when the form closes", async () => {
    const props = { ...deskProps(vi.fn), editing: deskUpdates[1]! }
    const { rerender } = render(<LiveBlogDesk {...props} />)
    const form = screen.getByRole('form', { name: 'Save update' })
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Update' }).contains(document.activeElement)).toBe(true))
    rerender(<LiveBlogDesk {...props} editing={null} />)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Edit the update ${deskUpdates[1]!.headline}` }))
  })

  it('asks before deleting, naming the update', async () => {
    const { user, onConfirm, onCancel } = setup({ confirming: { kind: 'delete', update: deskUpdates[1]! } })
    const dialog = screen.getByRole('dialog', { name: 'Delete update' })
    expect(dialog.textContent).toContain('Are you sure you want to delete this update?')
    expect(dialog.textContent).toContain('“Gusts of 68mph recorded at Canary Wharf”')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('asks before ending live coverage', async () => {
    const { user, onEndCoverage, onConfirm } = setup({ confirming: { kind: 'end' } })
    const dialog = screen.getByRole('dialog', { name: 'End live coverage' })
    expect(dialog.textContent).toContain('Readers will see “This live blog has ended”')
    expect(dialog.textContent).toContain('On the homepage it leaves the Breaking News banner, if it is there.')
    await user.click(within(dialog).getByRole('button', { name: 'End live coverage' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onEndCoverage).not.toHaveBeenCalled()
  })

  it('shows an ended blog as ended, with Resume and no composer', () => {
    setup({ data: deskData({ endedAt: '2026-11-27T18:28:00Z' }) })
    expect(screen.getByText('This live blog has ended (18.28 GMT).')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Post update' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Resume live coverage' })).toBeTruthy()
    expect(screen.queryByText('LIVE')).toBeNull()
  })

  it('offers Start live coverage on an article that is not a live blog, and nothing else', async () => {
    const { user, onStartCoverage } = setup({ data: deskData({ isLiveBlog: false }, []) })
    expect(screen.getByText(deskMessages.notLive)).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Start live coverage' }))
    expect(onStartCoverage).toHaveBeenCalledTimes(1)
  })

  it('says how many updates the list holds of how many, and lists older ones on request', async () => {
    const { user, onShowOlder } = setup({ data: { ...deskData(), total: 2_000, older: true } })
    expect(screen.getByText('Showing the newest 4 of 2000 updates.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Show older updates' }))
    expect(onShowOlder).toHaveBeenCalledTimes(1)
  })

  it('says older updates are loading while they are', () => {
    setup({ data: { ...deskData(), total: 2_000, older: true }, loadingOlder: true })
    expect(screen.getByRole('button', { name: 'Loading older updates…' }).getAttribute('aria-disabled')).toBe('true')
  })

  it('offers no older updates when the list holds them all', () => {
    setup()
    expect(screen.queryByRole('button', { name: 'Show older updates' })).toBeNull()
    expect(screen.queryByText(/^Showing the newest/)).toBeNull()
  })

  it('says why it could not load, with Try again', async () => {
    const { user, onRetry } = setup({ status: 'failed', data: null, loadError: deskMessages.loadFailed })
    expect(screen.getByRole('alert').textContent).toContain(deskMessages.loadFailed)
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})
