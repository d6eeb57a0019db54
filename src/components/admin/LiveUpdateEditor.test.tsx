import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { liveUpdateMessages, maxLiveUpdateHeadlineLength } from '../../../shared/liveBlog.ts'
import { deskMessages, type UpdateValues } from '../../content/admin/liveBlogDesk.ts'
import { LiveUpdateEditor, type LiveUpdateEditorProps } from './LiveUpdateEditor.tsx'
import { paragraphs } from './LiveBlogDesk.fixtures.ts'
import { layoutStubsForEditor } from './RichTextEditor.testing.ts'

layoutStubsForEditor()

const authors = [
  { id: 'nadia', name: 'Nadia Rahman' },
  { id: 'omar', name: 'Omar Haddad' },
]

function setup(props: Partial<LiveUpdateEditorProps> = {}) {
  const onSubmit = vi.fn<(values: UpdateValues) => void>()
  const user = userEvent.setup()
  render(<LiveUpdateEditor idPrefix="t" authors={authors} defaultAuthorId="nadia" submitLabel="Post update" busyLabel="Posting…" onSubmit={onSubmit} uploadImage={async () => ({ assetRef: 'x' })} {...props} />)
  return { user, onSubmit }
}

const text = (values: UpdateValues | undefined) => values?.body.map((node) => (node._type === 'block' ? node.children.map((c) => c.text).join('') : '')).join('\n')

describe('LiveUpdateEditor', () => {
  it('posts the headline, text, switches and byline with Ctrl+Enter from the text', async () => {
    const { user, onSubmit } = setup()
    await user.type(screen.getByRole('textbox', { name: 'Headline (optional)' }), 'Barrier closes')
    await user.click(screen.getByRole('textbox', { name: 'Update' }))
    await user.keyboard('The Thames Barrier has closed.')
    await user.click(screen.getByRole('switch', { name: 'Key event' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Byline' }), 'Omar Haddad')
    await user.click(screen.getByRole('textbox', { name: 'Update' }))
    await user.keyboard('{Control>}{Enter}{/Control}')
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ headline: 'Barrier closes', isKeyEvent: true, isPinned: false, authorId: 'omar' })
    expect(text(onSubmit.mock.calls[0]![0])).toBe('The Thames Barrier has closed.')
  })

  it('posts with Cmd+Enter from the headline, and with the button', async () => {
    const { user, onSubmit } = setup()
    await user.click(screen.getByRole('textbox', { name: 'Update' }))
    await user.keyboard('Gusts of 68mph.')
    await user.click(screen.getByRole('switch', { name: 'Pin' }))
    await user.click(screen.getByRole('textbox', { name: 'Headline (optional)' }))
    await user.keyboard('{Meta>}{Enter}{/Meta}')
    await user.click(screen.getByRole('button', { name: 'Post update' }))
    expect(onSubmit).toHaveBeenCalledTimes(2)
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ headline: '', isPinned: true, authorId: 'nadia' })
  })

  it('says what is wrong instead of posting an empty update or a headline too long', async () => {
    const { user, onSubmit } = setup()
    await user.click(screen.getByRole('button', { name: 'Post update' }))
    expect(screen.getByText(deskMessages.bodyMissing)).toBeTruthy()
    await user.click(screen.getByRole('textbox', { name: 'Headline (optional)' }))
    await user.paste('x'.repeat(maxLiveUpdateHeadlineLength + 1))
    await user.click(screen.getByRole('textbox', { name: 'Update' }))
    await user.keyboard('Text.')
    await user.click(screen.getByRole('button', { name: 'Post update' }))
    expect(screen.getByText(liveUpdateMessages.headlineLong)).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Headline (optional)' }).getAttribute('aria-invalid')).toBe('true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('edits an update in place from its values, with Cancel, and does not submit twice while busy', async () => {
    const onCancel = vi.fn()
    const { user, onSubmit } = setup({
      initial: { headline: 'Old headline', body: paragraphs('Old text.'), isKeyEvent: true, isPinned: false, authorId: '' },
      submitLabel: 'Save update',
      busyLabel: 'Saving…',
      onCancel,
      busy: true,
    })
    expect((screen.getByRole('textbox', { name: 'Headline (optional)' }) as HTMLInputElement).value).toBe('Old headline')
    expect(screen.getByRole('textbox', { name: 'Update' }).textContent).toBe('Old text.')
    expect((screen.getByRole('switch', { name: 'Key event' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('combobox', { name: 'Byline' }) as HTMLSelectElement).value).toBe('')
    await user.click(screen.getByRole('button', { name: 'Saving…' }))
    expect(onSubmit).not.toHaveBeenCalled()
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('sends Cancel', async () => {
    const onCancel = vi.fn()
    const { user } = setup({ onCancel })
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })
})
