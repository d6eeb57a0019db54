import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DraftVersusLive, type DraftVersusLiveProps } from './DraftVersusLive.tsx'
import { draftChanges } from './DraftVersusLive.fixtures.ts'

function renderNotice(props: Partial<DraftVersusLiveProps> = {}) {
  const handlers = { onPublish: vi.fn(), onDiscard: vi.fn(), onKeepEditing: vi.fn() }
  render(<DraftVersusLive changes={draftChanges} stale={false} kept={false} canPublish busy={false} {...handlers} {...props} />)
  return { ...handlers, region: screen.getByRole('region', { name: 'Editing a draft' }) }
}

describe('DraftVersusLive', () => {
  it('says readers see the published version, names the fields that differ and shows both side by side', () => {
    const { region } = renderNotice()
    expect(within(region).getByText('Readers see the published version, which differs in: Title, Excerpt.')).toBeTruthy()
    const title = within(region).getByText('Title').closest('div')!
    expect(within(title).getByText('Readers see').nextElementSibling?.textContent).toBe('Night buses return from Friday')
    expect(within(title).getByText('This draft').nextElementSibling?.textContent).toBe('Night buses return')
    // The excerpt the published version lacks: "Nothing" beside the draft's words, marked as added.
    const excerpt = within(region).getByText('Excerpt').closest('div')!
    expect(within(excerpt).getByText('Nothing')).toBeTruthy()
    expect(excerpt.querySelector('ins')?.textContent).toContain('Every twenty minutes on the busiest routes.')
    expect(region.querySelector('details')?.open).toBe(true)
    expect(within(region).queryByText(/changed after this draft was made/)).toBeNull()
  })

  it('offers Publish, Discard draft (after a confirm) and Keep editing', async () => {
    const { region, onPublish, onDiscard, onKeepEditing } = renderNotice()
    await userEvent.click(within(region).getByRole('button', { name: 'Publish this draft' }))
    expect(onPublish).toHaveBeenCalledOnce()
    await userEvent.click(within(region).getByRole('button', { name: 'Keep editing' }))
    expect(onKeepEditing).toHaveBeenCalledOnce()
    await userEvent.click(within(region).getByRole('button', { name: 'Discard draft' }))
    expect(onDiscard).not.toHaveBeenCalled()
    const dialog = screen.getByRole('dialog', { name: 'Discard draft' })
    expect(dialog.textContent).toContain('The draft stays in the article\'s History.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }))
    expect(onDiscard).toHaveBeenCalledOnce()
  })

  it('says in words when the draft was made from an older published version, and offers no Publish until it is kept', () => {
    const { region } = renderNotice({ stale: true })
    expect(within(region).getByText('The published version changed after this draft was made.')).toBeTruthy()
    expect(region.textContent).toContain('Publishing the draft as it is would undo that change')
    expect(within(region).queryByRole('button', { name: 'Publish this draft' })).toBeNull()
    expect(within(region).getByRole('button', { name: 'Keep editing' })).toBeTruthy()
  })

  it('folds the comparison away once the editor keeps editing, and offers a contributor no Publish', () => {
    const { region } = renderNotice({ kept: true, canPublish: false })
    expect(region.querySelector('details')?.open).toBe(false)
    expect(within(region).queryByRole('button', { name: 'Keep editing' })).toBeNull()
    expect(within(region).queryByRole('button', { name: 'Publish this draft' })).toBeNull()
    expect(within(region).getByRole('button', { name: 'Discard draft' })).toBeTruthy()
  })

  it('ignores the choices while a save or the discard runs', async () => {
    const { region, onPublish, onKeepEditing } = renderNotice({ busy: true })
    const publish = within(region).getByRole('button', { name: 'Publish this draft' })
    expect(publish.getAttribute('aria-disabled')).toBe('true')
    await userEvent.click(publish)
    await userEvent.click(within(region).getByRole('button', { name: 'Keep editing' }))
    expect(onPublish).not.toHaveBeenCalled()
    expect(onKeepEditing).not.toHaveBeenCalled()
  })

  it('says when the draft is the same as the published version', () => {
    const { region } = renderNotice({ changes: [] })
    expect(within(region).getByText('Readers see the published version, which is the same as this draft.')).toBeTruthy()
    expect(region.querySelector('details')).toBeNull()
  })
})
