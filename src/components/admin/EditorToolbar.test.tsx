import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { EditorToolbar, noFormatting, type EditorToolbarProps } from './EditorToolbar.tsx'

function props(overrides: Partial<EditorToolbarProps> = {}): EditorToolbarProps {
  return {
    controls: 'content',
    active: noFormatting,
    onCommand: vi.fn(),
    link: null,
    onLinkChange: vi.fn(),
    onLinkApply: vi.fn(),
    onLinkRemove: vi.fn(),
    onLinkCancel: vi.fn(),
    image: null,
    onImageFile: vi.fn(),
    onImageAltChange: vi.fn(),
    onImageInsert: vi.fn(),
    onImageCancel: vi.fn(),
    ...overrides,
  }
}

describe('EditorToolbar', () => {
  it('says which formatting the selection has with aria-pressed', () => {
    render(<EditorToolbar {...props({ active: { ...noFormatting, bold: true, h2: true, bulletList: true } })} />)
    const pressed = within(screen.getByRole('toolbar', { name: 'Formatting' }))
      .getAllByRole('button', { pressed: true })
      .map((b) => b.getAttribute('aria-label'))
    expect(pressed).toEqual(['Heading 2', 'Bold', 'Bullet list'])
  })

  it('reports each button as a command, without taking the selection from the text', async () => {
    const onCommand = vi.fn()
    render(<EditorToolbar {...props({ onCommand })} />)
    for (const [name, command] of [
      ['Heading 1', 'h1'],
      ['Heading 3', 'h3'],
      ['Italic', 'italic'],
      ['Underline', 'underline'],
      ['Link', 'link'],
      ['Ordered list', 'orderedList'],
      ['Clean (remove formatting)', 'clean'],
      ['Insert image', 'image'],
    ]) {
      await userEvent.click(screen.getByRole('button', { name }))
      expect(onCommand).toHaveBeenLastCalledWith(command)
    }
    // A press that would move focus away from the editor is cancelled.
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Bold' }))).toBe(false)
  })

  it('disables every button while the editor is not ready', () => {
    render(<EditorToolbar {...props({ disabled: true })} />)
    for (const button of within(screen.getByRole('toolbar')).getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true)
  })

  it('asks for a link address: Enter applies, Escape cancels, an existing link can be removed', async () => {
    const user = userEvent.setup()
    const onLinkApply = vi.fn()
    const onLinkCancel = vi.fn()
    const onLinkChange = vi.fn()
    const onLinkRemove = vi.fn()
    const { rerender } = render(<EditorToolbar {...props({ link: { href: '', editing: false, error: null }, onLinkApply, onLinkCancel, onLinkChange })} />)
    const field = screen.getByRole('textbox', { name: 'Link address' })
    expect(document.activeElement).toBe(field)
    expect(screen.queryByRole('button', { name: 'Remove link' })).toBeNull()
    await user.type(field, 'h')
    expect(onLinkChange).toHaveBeenCalledWith('h')
    await user.keyboard('{Enter}')
    expect(onLinkApply).toHaveBeenCalledTimes(1)
    await user.keyboard('{Escape}')
    expect(onLinkCancel).toHaveBeenCalledTimes(1)
    rerender(<EditorToolbar {...props({ link: { href: 'ftp://x', editing: true, error: 'Use an address starting with http://, https://, mailto: or tel:.' }, onLinkRemove })} />)
    expect(screen.getByRole('textbox', { name: 'Link address' }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Use an address starting with http://, https://, mailto: or tel:.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Remove link' }))
    expect(onLinkRemove).toHaveBeenCalled()
  })

  it('takes an image file and its alt text, and shows the upload’s progress', async () => {
    const user = userEvent.setup()
    const onImageFile = vi.fn()
    const onImageAltChange = vi.fn()
    const onImageInsert = vi.fn()
    const { rerender } = render(<EditorToolbar {...props({ image: { alt: '', fileName: null, progress: null, error: null }, onImageFile, onImageAltChange, onImageInsert })} />)
    const file = new File(['x'], 'bus.png', { type: 'image/png' })
    await user.upload(screen.getByLabelText('Image file'), file)
    expect(onImageFile).toHaveBeenCalledWith(file)
    await user.type(screen.getByRole('textbox', { name: 'Alt text' }), 'A')
    expect(onImageAltChange).toHaveBeenCalledWith('A')
    await user.click(screen.getByRole('button', { name: 'Upload and insert' }))
    expect(onImageInsert).toHaveBeenCalled()
    rerender(<EditorToolbar {...props({ image: { alt: 'A bus', fileName: 'bus.png', progress: 64, error: null } })} />)
    expect(screen.getByText('Uploading bus.png… 64%')).toBeTruthy()
    expect((screen.getByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement).value).toBe(64)
    expect(screen.getByRole('button', { name: 'Uploading...' }).getAttribute('aria-disabled')).toBe('true')
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)
    rerender(<EditorToolbar {...props({ image: { alt: 'A bus', fileName: 'bus.png', progress: null, error: 'The image could not be uploaded: Network error' } })} />)
    expect(screen.getByRole('alert').textContent).toBe('The image could not be uploaded: Network error')
  })

  it('offers Edit image only while an image is selected, and says so when one is', async () => {
    const onCommand = vi.fn()
    const { rerender } = render(<EditorToolbar {...props({ onCommand })} />)
    const edit = screen.getByRole('button', { name: 'Edit image' })
    expect(edit.getAttribute('aria-disabled')).toBe('true')
    await userEvent.click(edit)
    expect(onCommand).not.toHaveBeenCalled()
    rerender(<EditorToolbar {...props({ onCommand, imageSelected: true })} />)
    expect(screen.getByRole('status').textContent).toBe('Image selected. Press Enter, or Edit image, to change its alt text, caption and credit.')
    expect(screen.getByRole('button', { name: 'Edit image' }).getAttribute('aria-disabled')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Edit image' }))
    expect(onCommand).toHaveBeenLastCalledWith('imageDetails')
  })

  it('edits an image’s alt text, caption and credit: Enter applies, Escape cancels, a missing description is named', async () => {
    const user = userEvent.setup()
    const onImageDetailsChange = vi.fn()
    const onImageDetailsApply = vi.fn()
    const onImageDetailsCancel = vi.fn()
    const handlers = { onImageDetailsChange, onImageDetailsApply, onImageDetailsCancel }
    const { rerender } = render(<EditorToolbar {...props({ imageSelected: true, imageDetails: { alt: 'A bus', caption: '', credit: '', error: null }, ...handlers })} />)
    const panel = screen.getByRole('group', { name: 'Edit image' })
    const alt = within(panel).getByRole('textbox', { name: 'Alt text' })
    expect(document.activeElement).toBe(alt)
    expect((alt as HTMLInputElement).value).toBe('A bus')
    await user.type(alt, 's')
    expect(onImageDetailsChange).toHaveBeenLastCalledWith({ alt: 'A buss' })
    await user.type(within(panel).getByRole('textbox', { name: 'Caption' }), 'N{Enter}')
    expect(onImageDetailsChange).toHaveBeenLastCalledWith({ caption: 'N' })
    expect(onImageDetailsApply).toHaveBeenCalledTimes(1)
    const credit = within(panel).getByRole('textbox', { name: 'Credit' })
    expect(document.getElementById(credit.getAttribute('aria-describedby')!)?.textContent).toMatch(/shown after the caption as “Photograph: …”/)
    await user.type(credit, 'R{Enter}')
    expect(onImageDetailsChange).toHaveBeenLastCalledWith({ credit: 'R' })
    expect(onImageDetailsApply).toHaveBeenCalledTimes(2)
    await user.click(within(panel).getByRole('button', { name: 'Apply' }))
    expect(onImageDetailsApply).toHaveBeenCalledTimes(3)
    await user.keyboard('{Escape}')
    expect(onImageDetailsCancel).toHaveBeenCalledTimes(1)
    rerender(<EditorToolbar {...props({ imageSelected: true, imageDetails: { alt: '', caption: '', credit: '', error: 'Describe the image in its alt text.' }, ...handlers })} />)
    const invalid = screen.getByRole('textbox', { name: 'Alt text' })
    expect(invalid.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(invalid.getAttribute('aria-describedby')!)?.textContent).toBe('Describe the image in its alt text.')
  })
})
