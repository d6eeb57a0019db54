import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { essayMessages } from '../../content/admin/photoEssayForm/messages.ts'
import { emptyPhotoEssayValues, type PhotoEssayFormValues } from '../../content/admin/photoEssayForm/values.ts'
import type { UploadImage } from './RichTextEditor.tsx'
import { essayAuthors, loadedEssay } from './PhotoEssayForm.fixtures.ts'
import { PhotoEssayForm, type PhotoEssayFormProps } from './PhotoEssayForm.tsx'

/** The asset an upload of the file gets: its id spells the file's name in hex. */
const hexOf = (name: string) => [...name].map((c) => c.charCodeAt(0).toString(16)).join('').padEnd(40, '0').slice(0, 40)
const refOf = (name: string) => `image-${hexOf(name)}-1600x1067-jpg`

function props(overrides: Partial<PhotoEssayFormProps> = {}): PhotoEssayFormProps {
  let n = 0
  return {
    status: 'ready',
    mode: 'create',
    values: emptyPhotoEssayValues(),
    authors: essayAuthors,
    saving: false,
    error: null,
    conflict: false,
    loadError: null,
    takenSlug: null,
    onSubmit: vi.fn(),
    onCancel: vi.fn(),
    onRetry: vi.fn(),
    onReload: vi.fn(),
    uploadImage: vi.fn<UploadImage>(async (file) => ({ assetRef: refOf(file.name) })),
    newKey: () => `new${++n}`,
    ...overrides,
  }
}

const file = (name: string) => new File([new Uint8Array([255, 216, 255])], name, { type: 'image/jpeg' })
const picture = (n: number, of: number) => screen.getByRole('group', { name: `Picture ${n} of ${of}` })
const alts = () => screen.queryAllByRole('textbox', { name: 'Alt text' }).map((input) => (input as HTMLInputElement).value)
const messages = () => [...document.querySelectorAll('.article-form__error p, .image-field__error')].map((p) => p.textContent)
/** What the live regions say now (each picture's upload status is one, empty while nothing uploads). */
const said = () => screen.getAllByRole('status').map((region) => region.textContent).filter(Boolean)
const submitted = (onSubmit: PhotoEssayFormProps['onSubmit']) => (onSubmit as ReturnType<typeof vi.fn>).mock.calls.at(-1)?.[0] as PhotoEssayFormValues

// Typing a whole essay with user-event takes seconds on a busy machine: room for it.
describe('PhotoEssayForm', { timeout: 30_000 }, () => {
  it('opens a draft of a live essay beside what readers see: the fields that differ, compared as the editor edits, and Publish this draft', async () => {
    const draft = { stale: false, kept: false, compare: (values: PhotoEssayFormValues) => (values.title === 'Night shift on the Thames' ? [] : [{ field: 'title', label: 'Title', kind: 'changed' as const, revision: 'Night shift on the Thames', current: values.title }]) }
    const onSubmit = vi.fn()
    render(<PhotoEssayForm {...props({ mode: 'edit', values: loadedEssay(), draft, onSubmit })} />)
    const region = screen.getByRole('region', { name: 'Editing a draft' })
    expect(within(region).getByText('Readers see the published version, which differs in: Title.')).toBeTruthy()
    expect(within(region).getByText('Night shift on the Thames')).toBeTruthy()
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Publish this draft' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(submitted(onSubmit)).toMatchObject({ title: 'Night shift on the river', published: true })
  })

  it('says the publish date is set when the essay first goes live while it is empty', () => {
    render(<PhotoEssayForm {...props()} />)
    expect(screen.getByText('Set when the essay first goes live. Give a date only to choose one yourself.')).toBeTruthy()
  })

  it('shows the notice it is given under its heading, above the fields', () => {
    render(<PhotoEssayForm {...props({ mode: 'edit', values: loadedEssay(), notice: <p role="status">Also editing: jane.reed@resonance.test (editor), since 10:04.</p> })} />)
    const heading = screen.getByRole('heading', { level: 1, name: 'Edit Photo Essay' })
    const notice = screen.getByText('Also editing: jane.reed@resonance.test (editor), since 10:04.')
    expect(heading.nextElementSibling).toBe(notice)
  })

  it('starts empty and asks for a title, a slug and a picture when saved so', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<PhotoEssayForm {...props({ onSubmit })} />)
    expect(screen.getByRole('heading', { level: 1, name: 'New Photo Essay' })).toBeTruthy()
    expect(screen.getByText('No pictures yet.')).toBeTruthy()
    expect((screen.getByRole('combobox', { name: 'Photographer' }) as HTMLSelectElement).value).toBe('')
    expect((screen.getByRole('switch', { name: 'Published' }) as HTMLInputElement).checked).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Save Photo Essay' }))
    await waitFor(() => expect(messages()).toEqual(['Title must be at least 3 characters long.', 'Slug must be at least 3 characters long.', 'Slug can only contain lowercase letters, numbers, and hyphens.', 'A photo essay needs at least one picture.']))
    expect(document.activeElement).toBe(screen.getByLabelText('Title'))
    expect(screen.getByLabelText('Add pictures').getAttribute('aria-invalid')).toBe('true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('uploads chosen files as pictures in the order chosen, asks each for alt text, and saves them', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    const finishes: Array<() => void> = []
    const reports: Array<(percent: number) => void> = []
    const uploadImage = vi.fn<UploadImage>((chosen, onProgress) => {
      reports.push(onProgress)
      return new Promise((resolve) => finishes.push(() => resolve({ assetRef: refOf(chosen.name) })))
    })
    render(<PhotoEssayForm {...props({ onSubmit, uploadImage })} />)
    await user.type(screen.getByLabelText('Title'), 'Night shift on the river')
    await user.click(screen.getByRole('button', { name: 'Generate from title' }))
    await user.upload(screen.getByLabelText('Add pictures'), [file('tug.jpg'), file('pilot.jpg'), file('barrier.jpg')])
    act(() => reports[1]!(40))
    expect(screen.getByText('Uploading pilot.jpg… 40%')).toBeTruthy()
    expect((screen.getByRole('progressbar', { name: 'pilot.jpg upload progress' }) as HTMLProgressElement).value).toBe(40)
    // The second file arrives first; it still joins after the first.
    await act(async () => finishes[1]!())
    expect(alts()).toEqual([])
    await act(async () => finishes[0]!())
    await act(async () => finishes[2]!())
    await waitFor(() => expect(alts()).toEqual(['', '', '']))
    expect(said()).toEqual(['barrier.jpg added as picture 3. Describe it in its alt text.'])
    // No alt text yet, so the preview is not yet an image a screen reader names.
    expect(picture(1, 3).querySelector('img')?.getAttribute('src')).toContain(hexOf('tug.jpg'))

    await user.click(screen.getByRole('button', { name: 'Save Photo Essay' }))
    await waitFor(() => expect(messages()).toEqual([essayMessages.alt, essayMessages.alt, essayMessages.alt]))
    expect(document.activeElement).toBe(within(picture(1, 3)).getByRole('textbox', { name: 'Alt text' }))
    for (const [n, words] of [[1, 'A tug'], [2, 'A pilot'], [3, 'The Barrier']] as const) {
      await user.type(within(picture(n, 3)).getByRole('textbox', { name: 'Alt text' }), words)
    }
    await user.type(within(picture(1, 3)).getByRole('textbox', { name: 'Caption' }), 'Tower Bridge')
    await user.type(within(picture(1, 3)).getByRole('textbox', { name: 'Credit' }), 'Amara Okafor')
    await user.click(screen.getByRole('button', { name: 'Save Photo Essay' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(submitted(onSubmit)).toMatchObject({
      title: 'Night shift on the river',
      slug: 'night-shift-on-the-river',
      images: [
        { key: 'new1', assetRef: refOf('tug.jpg'), alt: 'A tug', caption: 'Tower Bridge', credit: 'Amara Okafor' },
        { key: 'new2', assetRef: refOf('pilot.jpg'), alt: 'A pilot', caption: '', credit: '' },
        { key: 'new3', assetRef: refOf('barrier.jpg'), alt: 'The Barrier' },
      ],
    })
  })

  it('moves pictures with Move up and Move down, says where each went, and keeps focus on the moved picture', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<PhotoEssayForm {...props({ mode: 'edit', values: loadedEssay(), onSubmit })} />)
    expect(alts()).toEqual(['A tug pushing barges under Tower Bridge', 'A pilot climbing a rope ladder onto a tanker', 'The Thames Barrier’s gates raised at dawn'])
    expect((within(picture(1, 3)).getByRole('button', { name: 'Move up' }) as HTMLButtonElement).disabled).toBe(true)
    expect((within(picture(3, 3)).getByRole('button', { name: 'Move down' }) as HTMLButtonElement).disabled).toBe(true)

    await user.click(within(picture(1, 3)).getByRole('button', { name: 'Move down' }))
    expect(alts()[1]).toBe('A tug pushing barges under Tower Bridge')
    expect(said()).toEqual(['Picture moved to position 2 of 3.'])
    expect(document.activeElement).toBe(within(picture(2, 3)).getByRole('button', { name: 'Move down' }))
    // By keyboard: the focused Move down again, to the end, where focus passes to Move up.
    await user.keyboard('{Enter}')
    expect(alts()[2]).toBe('A tug pushing barges under Tower Bridge')
    expect(said()).toEqual(['Picture moved to position 3 of 3.'])
    expect(document.activeElement).toBe(within(picture(3, 3)).getByRole('button', { name: 'Move up' }))
    await user.keyboard(' ')
    expect(alts()).toEqual(['A pilot climbing a rope ladder onto a tanker', 'A tug pushing barges under Tower Bridge', 'The Thames Barrier’s gates raised at dawn'])
    expect(within(picture(2, 3)).getByRole('textbox', { name: 'Caption' })).toHaveProperty('value', 'Tower Bridge, 2am')

    await user.click(screen.getByRole('button', { name: 'Save Photo Essay' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(submitted(onSubmit).images.map((image) => image.key)).toEqual(['p2', 'p1', 'p3'])
  })

  it('moves a picture dragged by its handle onto another', async () => {
    render(<PhotoEssayForm {...props({ mode: 'edit', values: loadedEssay() })} />)
    const dataTransfer = { effectAllowed: '', setData: vi.fn(), setDragImage: vi.fn() }
    fireEvent.dragStart(within(picture(3, 3)).getByText('⠿ Drag'), { dataTransfer })
    const target = picture(1, 3).closest('li')!
    fireEvent.dragOver(target, { dataTransfer })
    fireEvent.drop(target, { dataTransfer })
    expect(alts()).toEqual(['The Thames Barrier’s gates raised at dawn', 'A tug pushing barges under Tower Bridge', 'A pilot climbing a rope ladder onto a tanker'])
    expect(said()).toEqual(['Picture moved to position 1 of 3.'])
  })

  it('removes a picture and gives focus to the one that took its place', async () => {
    const user = userEvent.setup()
    render(<PhotoEssayForm {...props({ mode: 'edit', values: loadedEssay() })} />)
    await user.click(within(picture(1, 3)).getByRole('button', { name: 'Remove image' }))
    expect(alts()).toEqual(['A pilot climbing a rope ladder onto a tanker', 'The Thames Barrier’s gates raised at dawn'])
    expect(said()).toEqual(['Picture 1 removed.'])
    await waitFor(() => expect(document.activeElement).toBe(within(picture(1, 2)).getByRole('textbox', { name: 'Alt text' })))
  })

  it('says which file failed to upload, and lets it be dismissed', async () => {
    const user = userEvent.setup()
    render(<PhotoEssayForm {...props({ uploadImage: async () => Promise.reject(new Error('Insufficient permissions')) })} />)
    await user.upload(screen.getByLabelText('Add pictures'), file('tug.jpg'))
    expect((await screen.findByRole('alert')).textContent).toBe('tug.jpg could not be uploaded: Insufficient permissions')
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('No pictures yet.')).toBeTruthy()
  })

  it('shows a loaded essay to edit, the slug another essay has, and a conflict that only Reload can settle', async () => {
    const user = userEvent.setup()
    const onReload = vi.fn()
    const onSubmit = vi.fn()
    const { rerender } = render(<PhotoEssayForm {...props({ mode: 'edit', values: loadedEssay(), takenSlug: 'night-shift-on-the-river', onSubmit })} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Photo Essay' })).toBeTruthy()
    expect((screen.getByRole('combobox', { name: 'Photographer' }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Amara Okafor')
    expect(screen.getByText('This slug is already used by another photo essay.')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Slug')))
    rerender(<PhotoEssayForm {...props({ mode: 'edit', values: loadedEssay(), conflict: true, error: essayMessages.conflict, onReload, onSubmit })} />)
    expect(screen.getByRole('alert').textContent).toContain(essayMessages.conflict)
    expect((screen.getByRole('button', { name: 'Save Photo Essay' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Reload their version' }))
    expect(onReload).toHaveBeenCalled()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('reads Saving... while a save is on its way and does not send a second', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<PhotoEssayForm {...props({ mode: 'edit', values: loadedEssay(), saving: true, onSubmit })} />)
    await user.click(screen.getByRole('button', { name: 'Saving...' }))
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('says when it is loading, could not load, or the essay does not exist', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    const onCancel = vi.fn()
    const { rerender } = render(<PhotoEssayForm {...props({ status: 'loading', mode: 'edit' })} />)
    expect(said()).toEqual(['Loading...'])
    rerender(<PhotoEssayForm {...props({ status: 'loadFailed', mode: 'edit', loadError: 'Network error', onRetry })} />)
    expect(screen.getByRole('alert').textContent).toContain('The photo essay could not be loaded: Network error')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalled()
    rerender(<PhotoEssayForm {...props({ status: 'notFound', mode: 'edit', onCancel })} />)
    expect(screen.getByText('Photo essay not found.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Back to the photo essays' }))
    expect(onCancel).toHaveBeenCalled()
  })
})
