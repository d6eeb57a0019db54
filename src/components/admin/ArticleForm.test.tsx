import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { emptyArticleValues, type ArticleFormValues } from '../../content/admin/articleForm/values.ts'
import { noHolders, type FrontPageHolders } from '../../content/admin/frontPage.ts'
import { editorPlainText, portableTextToEditor } from '../../content/article/portableText.ts'
import { ArticleForm, type ArticleFormProps } from './ArticleForm.tsx'
import { formAuthors, formCategories } from './ArticleForm.fixtures.ts'
import { layoutStubsForEditor } from './RichTextEditor.testing.ts'

layoutStubsForEditor()

const authors = formAuthors
const categories = formCategories
const assetRef = 'image-0123456789abcdef0123456789abcdef01234567-1600x900-jpg'

const loadedValues = (): ArticleFormValues => ({
  ...emptyArticleValues(),
  title: 'Night buses return',
  slug: 'night-buses-return',
  content: portableTextToEditor([{ _type: 'block', _key: 'p', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'Services every twenty minutes.', marks: [] }] }]),
  author_id: authors[1]!.id,
  category_ids: [categories[0]!.id],
  published: true,
  is_lead_story: true,
})

function props(overrides: Partial<ArticleFormProps> = {}): ArticleFormProps {
  return {
    status: 'ready',
    mode: 'create',
    id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
    frontPage: noHolders,
    values: emptyArticleValues(),
    authors,
    categories,
    saving: false,
    error: null,
    conflict: false,
    loadError: null,
    takenSlug: null,
    onSubmit: vi.fn(),
    onCancel: vi.fn(),
    onRetry: vi.fn(),
    onReload: vi.fn(),
    uploadImage: vi.fn(async () => ({ assetRef })),
    uploadVideo: vi.fn(async () => ({ assetRef: `file-${'0'.repeat(40)}-mp4` })),
    ...overrides,
  }
}

const sixMessages = [
  'Title must be at least 3 characters long.',
  'Slug must be at least 3 characters long.',
  'Slug can only contain lowercase letters, numbers, and hyphens.',
  'Content is too short.',
  'Please select an author.',
  'Please select a category.',
]

const shownMessages = () => [...document.querySelectorAll('.article-form__error p, .image-field__error, .video-field__error')].map((p) => p.textContent)

async function fillValidArticle(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), 'Night buses return')
  await user.click(screen.getByRole('button', { name: 'Generate from title' }))
  await user.click(screen.getByRole('textbox', { name: 'Content' }))
  await user.keyboard('Services every twenty minutes')
  await user.selectOptions(screen.getByLabelText('Author'), 'Tom Whitcombe')
  await user.click(screen.getByRole('checkbox', { name: 'UK' }))
}

describe('ArticleForm', () => {
  it('is headed for its mode and shows the spec’s fields with their placeholders', async () => {
    const { rerender } = render(<ArticleForm {...props()} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Article' })).toBeTruthy()
    expect(screen.getByLabelText('Title').getAttribute('placeholder')).toBe('Enter article title')
    expect(screen.getByLabelText('Slug').getAttribute('placeholder')).toBe('unique-article-slug')
    expect(await screen.findByRole('textbox', { name: 'Content' })).toBeTruthy()
    expect([...(screen.getByLabelText('Author') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Select an author', 'Priya Raman', 'Tom Whitcombe'])
    expect(within(screen.getByRole('group', { name: 'Categories' })).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['UK', 'Business & Money'])
    for (const name of ['Published', 'Lead Story', 'Featured Story', 'Breaking News', 'Latest Update']) expect((screen.getByRole('switch', { name }) as HTMLInputElement).checked, name).toBe(false)
    expect((screen.getByLabelText('Publish date') as HTMLInputElement).type).toBe('datetime-local')
    expect(screen.getByRole('group', { name: 'Main image' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Save Article' })).toBeTruthy()
    rerender(<ArticleForm {...props({ mode: 'edit' })} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Article' })).toBeTruthy()
  })

  it('reads Loading... while loading, offers to try again when loading fails, and says when the article is missing', async () => {
    const onRetry = vi.fn()
    const onCancel = vi.fn()
    const { rerender } = render(<ArticleForm {...props({ status: 'loading', mode: 'edit' })} />)
    expect(screen.getByRole('status').textContent).toBe('Loading...')
    expect(screen.queryByLabelText('Title')).toBeNull()
    rerender(<ArticleForm {...props({ status: 'loadFailed', mode: 'edit', loadError: 'Service unavailable', onRetry })} />)
    expect(screen.getByRole('alert').textContent).toContain('Service unavailable')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalled()
    rerender(<ArticleForm {...props({ status: 'notFound', mode: 'edit', onCancel })} />)
    expect(screen.getByText('Article not found.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Back to the dashboard' }))
    expect(onCancel).toHaveBeenCalled()
  })

  it('shows all six of the spec’s messages on an empty submit, marks the fields and focuses the first', async () => {
    const onSubmit = vi.fn()
    render(<ArticleForm {...props({ onSubmit })} />)
    await screen.findByRole('textbox', { name: 'Content' })
    expect(shownMessages()).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() => expect(shownMessages()).toEqual(sixMessages))
    expect(onSubmit).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByLabelText('Title'))
    for (const field of [screen.getByLabelText('Title'), screen.getByLabelText('Slug'), screen.getByRole('textbox', { name: 'Content' }), screen.getByLabelText('Author'), screen.getByRole('group', { name: 'Categories' })]) {
      expect(field.getAttribute('aria-invalid'), field.id).toBe('true')
      const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '')
      expect(described.join(' '), field.id).toMatch(/must be|can only|too short|Please select/)
    }
  })

  it('shows a field’s message once it is left, not before', async () => {
    const user = userEvent.setup()
    render(<ArticleForm {...props()} />)
    await user.type(screen.getByLabelText('Title'), 'ab')
    expect(shownMessages()).toEqual([])
    await user.tab()
    expect(shownMessages()).toEqual(['Title must be at least 3 characters long.'])
    await user.type(screen.getByLabelText('Title'), 'c')
    // The title is fixed; the slug, left empty on the way back, now says so.
    expect(shownMessages()).toEqual(['Slug must be at least 3 characters long.', 'Slug can only contain lowercase letters, numbers, and hyphens.'])
  })

  it('shows only the pattern message for a long slug with capitals or spaces', async () => {
    const user = userEvent.setup()
    render(<ArticleForm {...props()} />)
    await user.type(screen.getByLabelText('Slug'), 'Night Buses')
    await user.tab()
    expect(shownMessages()).toEqual(['Slug can only contain lowercase letters, numbers, and hyphens.'])
  })

  it('bounds the title, slug and excerpt in the spec’s style, as the service does', async () => {
    const onSubmit = vi.fn()
    const values = { ...loadedValues(), title: 'T'.repeat(1000), slug: `-${'s'.repeat(20)}`, excerpt: 'E'.repeat(5000) }
    render(<ArticleForm {...props({ mode: 'edit', values, onSubmit })} />)
    await screen.findByRole('textbox', { name: 'Content' })
    await userEvent.click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() =>
      expect(shownMessages()).toEqual([
        'Title must be at most 200 characters long.',
        'Slug cannot start or end with a hyphen, or have two hyphens in a row.',
        'Excerpt must be at most 300 characters long.',
      ]),
    )
    expect(screen.getByLabelText('Excerpt').getAttribute('aria-invalid')).toBe('true')
    expect(onSubmit).not.toHaveBeenCalled()
    const slug = screen.getByLabelText('Slug')
    await userEvent.clear(slug)
    await userEvent.type(slug, 's'.repeat(97))
    await userEvent.tab()
    expect(shownMessages()).toContain('Slug must be at most 96 characters long.')
  })

  it('says where the story will appear once published, as its flags and categories change', async () => {
    const user = userEvent.setup()
    render(<ArticleForm {...props()} />)
    const region = screen.getByRole('region', { name: 'Where it will appear once published' })
    expect(region.textContent).toContain('Not on the homepage: it will appear in its sections’ listings and search.')
    await user.click(screen.getByRole('checkbox', { name: 'UK' }))
    expect(region.textContent).toContain('In the listings of UK, and in search.')
    await user.click(screen.getByRole('switch', { name: 'Latest Update' }))
    expect(region.textContent).toContain('On the homepage in Latest Updates.')
    expect(region.textContent).not.toContain('Not on the homepage')
  })

  it('leaves Breaking News out of where a live blog whose coverage has ended will appear', async () => {
    const user = userEvent.setup()
    render(<ArticleForm {...props({ liveBlogEndedAt: '2026-11-27T18:00:00Z' })} />)
    const region = screen.getByRole('region', { name: 'Where it will appear once published' })
    await user.click(screen.getByRole('switch', { name: 'Breaking News' }))
    expect(region.textContent).toContain('Not on the homepage')
    await user.click(screen.getByRole('switch', { name: 'Latest Update' }))
    expect(region.textContent).toContain('On the homepage in Latest Updates.')
    expect(region.textContent).not.toContain('Breaking News')
  })

  it('submits the values once they are fixed, after a failed submit', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<ArticleForm {...props({ onSubmit })} />)
    await screen.findByRole('textbox', { name: 'Content' })
    await user.click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() => expect(shownMessages()).toHaveLength(6))
    await fillValidArticle(user)
    await user.click(screen.getByRole('switch', { name: 'Published' }))
    await user.click(screen.getByRole('switch', { name: 'Lead Story' }))
    await user.click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    const values = onSubmit.mock.calls[0]![0] as ArticleFormValues
    expect(values).toMatchObject({ title: 'Night buses return', slug: 'night-buses-return', author_id: authors[1]!.id, category_ids: [categories[0]!.id], published: true, is_lead_story: true, is_featured: false })
    expect(editorPlainText(values.content)).toBe('Services every twenty minutes')
  })

  it('saves several categories in the order chosen, the one made first leading', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<ArticleForm {...props({ onSubmit })} />)
    await screen.findByRole('textbox', { name: 'Content' })
    await fillValidArticle(user)
    await user.click(screen.getByRole('checkbox', { name: 'Business & Money' }))
    const chosen = screen.getByRole('list', { name: /2 chosen/ })
    expect(within(chosen).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['UK', 'Business & Money'])
    await user.click(within(chosen).getByRole('button', { name: 'Make first: Business & Money' }))
    await user.click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect((onSubmit.mock.calls[0]![0] as ArticleFormValues).category_ids).toEqual([categories[1]!.id, categories[0]!.id])
  })

  it('offers a contributor no publishing or homepage controls, and says the save is a draft', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<ArticleForm {...props({ values: loadedValues(), mode: 'edit', canPublish: false, onSubmit })} />)
    await screen.findByRole('textbox', { name: 'Content' })
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save Article' })).toBeNull()
    const save = screen.getByRole('button', { name: 'Save Draft' })
    expect(save.getAttribute('aria-describedby')).toBe('article-draft-only')
    expect(document.getElementById('article-draft-only')?.textContent).toMatch(/Saved as a draft\..*an editor publishes them\. The published article stays as it is/)
    await user.click(save)
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
  })

  it('asks a video article for its video file, uploads the one chosen and saves it with the article', async () => {
    const user = userEvent.setup()
    const videoRef = `file-${'c'.repeat(40)}-mp4`
    const uploadVideo = vi.fn(async (_file: File, onProgress: (percent: number) => void) => {
      onProgress(100)
      return { assetRef: videoRef }
    })
    const onSubmit = vi.fn()
    render(<ArticleForm {...props({ values: loadedValues(), uploadVideo, onSubmit })} />)
    expect(screen.queryByRole('group', { name: 'Video' })).toBeNull()
    await user.selectOptions(screen.getByLabelText('Media type'), 'Video')
    await user.click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() => expect(shownMessages()).toEqual(['Upload the video for a video article.']))
    expect(document.activeElement).toBe(screen.getByLabelText('Choose a video'))
    expect(onSubmit).not.toHaveBeenCalled()
    const clip = new File(['clip'], 'night-buses.mp4', { type: 'video/mp4' })
    await user.upload(screen.getByLabelText('Choose a video'), clip)
    expect(uploadVideo.mock.calls[0]![0]).toBe(clip)
    const player = await screen.findByLabelText('Video: night-buses.mp4')
    expect(player.getAttribute('src')).toBe(`/files/resonance/production/${'c'.repeat(40)}.mp4`)
    await user.click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect((onSubmit.mock.calls[0]![0] as ArticleFormValues).video).toEqual({ assetRef: videoRef, filename: 'night-buses.mp4' })
  })

  it('says why a video upload failed', async () => {
    const user = userEvent.setup()
    const uploadVideo = vi.fn(() => Promise.reject(new Error('The upload is not a video in a supported format (MP4 or WebM)')))
    render(<ArticleForm {...props({ values: { ...loadedValues(), media_type: 'video' }, uploadVideo })} />)
    await user.upload(screen.getByLabelText('Choose a video'), new File(['x'], 'notes.mp4', { type: 'video/mp4' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The video could not be uploaded: The upload is not a video in a supported format (MP4 or WebM)')
  })

  it('edits the main image’s credit with its alt text', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<ArticleForm {...props({ values: { ...loadedValues(), main_image: { assetRef, alt: 'A night bus', credit: '' } }, onSubmit })} />)
    await user.type(screen.getByRole('textbox', { name: 'Credit' }), 'Mei Lin Ng/Resonance')
    await user.click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect((onSubmit.mock.calls[0]![0] as ArticleFormValues).main_image).toEqual({ assetRef, alt: 'A night bus', credit: 'Mei Lin Ng/Resonance' })
  })

  it('shows a loaded article, and a newly loaded one in its place', async () => {
    const { rerender } = render(<ArticleForm {...props({ mode: 'edit', values: loadedValues() })} />)
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Night buses return')
    expect((await screen.findByRole('textbox', { name: 'Content' })).textContent).toBe('Services every twenty minutes.')
    expect((screen.getByLabelText('Author') as HTMLSelectElement).selectedOptions[0]!.text).toBe('Tom Whitcombe')
    expect((screen.getByRole('switch', { name: 'Published' }) as HTMLInputElement).checked).toBe(true)
    const theirs = { ...loadedValues(), title: 'Night buses return, revised', content: portableTextToEditor([]) }
    rerender(<ArticleForm {...props({ mode: 'edit', values: theirs })} />)
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Night buses return, revised'))
    expect(screen.getByRole('textbox', { name: 'Content' }).textContent).toBe('')
  })

  it('says it has unsaved edits once the editor types, and none once a loaded article replaces them', async () => {
    const user = userEvent.setup()
    const onDirtyChange = vi.fn()
    const { rerender } = render(<ArticleForm {...props({ mode: 'edit', values: loadedValues(), onDirtyChange })} />)
    await screen.findByRole('textbox', { name: 'Content' })
    expect(onDirtyChange).not.toHaveBeenCalledWith(true)
    await user.type(screen.getByLabelText('Title'), ' tonight')
    expect(onDirtyChange).toHaveBeenLastCalledWith(true)
    rerender(<ArticleForm {...props({ mode: 'edit', values: { ...loadedValues(), title: 'Night buses return, revised' }, onDirtyChange })} />)
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false))
  })

  it('hands over what it holds after each change, never for a load, and says where the draft stands', async () => {
    const user = userEvent.setup()
    const onValuesChange = vi.fn()
    const autosave = { saving: false, savedAt: null, error: null }
    const { rerender } = render(<ArticleForm {...props({ mode: 'edit', values: loadedValues(), onValuesChange, autosave })} />)
    await screen.findByRole('textbox', { name: 'Content' })
    expect(onValuesChange).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText('Title'), '!')
    expect(onValuesChange).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Night buses return!', slug: 'night-buses-return' }))
    rerender(<ArticleForm {...props({ mode: 'edit', values: loadedValues(), onValuesChange, autosave: { ...autosave, savedAt: '2026-11-24T14:05:00Z' } })} />)
    expect(screen.getByText('Draft saved at 14:05').getAttribute('role')).toBe('status')
  })

  it('puts the service’s “slug taken” on the Slug field and focuses it', async () => {
    render(<ArticleForm {...props({ mode: 'edit', values: loadedValues(), takenSlug: 'night-buses-return' })} />)
    const slug = screen.getByLabelText('Slug')
    await waitFor(() => expect(document.activeElement).toBe(slug))
    expect(slug.getAttribute('aria-invalid')).toBe('true')
    expect(shownMessages()).toEqual(['This slug is already used by another article.'])
    await userEvent.type(slug, '-2')
    expect(shownMessages()).toEqual([])
  })

  it('reads Saving... while saving, and ignores another press meanwhile', async () => {
    const onSubmit = vi.fn()
    render(<ArticleForm {...props({ mode: 'edit', values: loadedValues(), saving: true, onSubmit })} />)
    const save = screen.getByRole('button', { name: 'Saving...' })
    expect(save.getAttribute('aria-disabled')).toBe('true')
    await userEvent.click(save)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('says why a save failed, and in a conflict keeps the text and offers their version', async () => {
    const onReload = vi.fn()
    const values = loadedValues()
    const { rerender } = render(<ArticleForm {...props({ mode: 'edit', values, error: 'Update disabled - using a hosted content service as backend' })} />)
    expect(screen.getByRole('alert').textContent).toBe('Update disabled - using a hosted content service as backend')
    await userEvent.clear(screen.getByLabelText('Title'))
    await userEvent.type(screen.getByLabelText('Title'), 'My own words')
    const conflict = 'Someone else saved this article while you were editing. Your text is kept: copy what you need, then reload to see their version.'
    rerender(<ArticleForm {...props({ mode: 'edit', values, conflict: true, error: conflict, onReload })} />)
    expect(screen.getByRole('alert').textContent).toContain(conflict)
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('My own words')
    expect((screen.getByRole('button', { name: 'Save Article' }) as HTMLButtonElement).disabled).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Reload their version' }))
    expect(onReload).toHaveBeenCalled()
  })

  it('uploads a main image, then asks for its alt text', async () => {
    const user = userEvent.setup()
    let finish: (value: { assetRef: string }) => void = () => {}
    let report: (percent: number) => void = () => {}
    const uploadImage = vi.fn((_file: File, onProgress: (percent: number) => void) => {
      report = onProgress
      return new Promise<{ assetRef: string }>((resolve) => (finish = resolve))
    })
    const onSubmit = vi.fn()
    render(<ArticleForm {...props({ values: loadedValues(), uploadImage, onSubmit })} />)
    await user.upload(screen.getByLabelText('Choose an image'), new File(['x'], 'bus.jpg', { type: 'image/jpeg' }))
    act(() => report(50))
    expect(screen.getByText('Uploading… 50%')).toBeTruthy()
    await act(async () => finish({ assetRef }))
    const alt = await screen.findByRole('textbox', { name: 'Alt text' })
    await waitFor(() => expect(document.activeElement).toBe(alt))
    await user.click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() => expect(shownMessages()).toEqual(['Describe the main image for readers who cannot see it.']))
    expect(document.activeElement).toBe(alt)
    await user.type(alt, 'A night bus')
    await user.click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect((onSubmit.mock.calls[0]![0] as ArticleFormValues).main_image).toEqual({ assetRef, alt: 'A night bus' })
  })

  it('goes back to the dashboard on Cancel', async () => {
    const onCancel = vi.fn()
    render(<ArticleForm {...props({ onCancel })} />)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalled()
  })

  it('keeps a message from leaving a field until the press that left it is over, so the first Save counts', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<ArticleForm {...props({ onSubmit })} />)
    await fillValidArticle(user)
    const slug = screen.getByLabelText('Slug')
    await user.clear(slug)
    await user.type(slug, 'Night Buses')
    const save = screen.getByRole('button', { name: 'Save Article' })
    // Pressing Save moves focus out of the Slug field; its message would push the button down.
    await user.pointer({ keys: '[MouseLeft>]', target: save })
    expect(document.activeElement).not.toBe(slug)
    expect(shownMessages()).toEqual([])
    await user.pointer({ keys: '[/MouseLeft]', target: save })
    // The release clicks Save: the form is checked, says what is wrong and goes back to the slug.
    await waitFor(() => expect(shownMessages()).toEqual(['Slug can only contain lowercase letters, numbers, and hyphens.']))
    expect(document.activeElement).toBe(slug)
    expect(onSubmit).not.toHaveBeenCalled()
    await user.clear(slug)
    await user.type(slug, 'night-buses')
    await user.click(save)
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
  })

  it('shows a message held by a press that clicks nothing once the press is over', async () => {
    const user = userEvent.setup()
    render(<ArticleForm {...props()} />)
    await user.type(screen.getByLabelText('Title'), 'ab')
    const heading = screen.getByRole('heading', { level: 1 })
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByLabelText('Excerpt') })
    expect(shownMessages()).toEqual([])
    await user.pointer({ keys: '[/MouseLeft]', target: heading })
    await waitFor(() => expect(shownMessages()).toEqual(['Title must be at least 3 characters long.']))
  })
})

describe('ArticleForm and the homepage’s single slots', () => {
  const holders: FrontPageHolders = {
    breaking: { id: 'storm', title: 'Storm surge closes the Thames Barrier' },
    lead: { id: 'summit', title: 'Leaders agree energy package' },
  }
  const slotNote = (name: string) => {
    const described = (screen.getByRole('switch', { name }).getAttribute('aria-describedby') ?? '').split(' ')
    return described.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim()
  }

  it('names the story each slot is taken from, before saving, as the toggles change', async () => {
    const user = userEvent.setup()
    render(<ArticleForm {...props({ mode: 'edit', values: loadedValues(), frontPage: holders })} />)
    expect(slotNote('Lead Story')).toBe('Replaces: Leaders agree energy package')
    expect(slotNote('Breaking News')).toBe('')
    await user.click(screen.getByRole('switch', { name: 'Breaking News' }))
    expect(slotNote('Breaking News')).toBe('Replaces: Storm surge closes the Thames Barrier')
    await user.click(screen.getByRole('switch', { name: 'Lead Story' }))
    expect(slotNote('Lead Story')).toBe('')
    expect(screen.queryByText(/Replaces: Leaders/)).toBeNull()
  })

  it('says a draft replaces nothing until it is published', async () => {
    const user = userEvent.setup()
    render(<ArticleForm {...props({ mode: 'edit', values: loadedValues(), frontPage: holders })} />)
    await user.click(screen.getByRole('switch', { name: 'Published' }))
    expect(slotNote('Lead Story')).toBe('Replaces: Leaders agree energy package Saved as a draft, it replaces nothing until it is published.')
  })

  it('says the slot changes hands when a scheduled publish runs, at its London time', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<ArticleForm {...props({ mode: 'edit', values: loadedValues(), frontPage: holders, maySchedule: true })} />)
    await user.click(screen.getByRole('radio', { name: 'Schedule for' }))
    const at = screen.getByLabelText('Date and time (London time)')
    await user.clear(at)
    await user.type(at, '2026-11-24T14:30')
    expect(slotNote('Lead Story')).toBe('Replaces: Leaders agree energy package when the schedule publishes it, Tue 24 Nov 2026, 14:30 London time.')
    // Once scheduled, the draft waits for its schedule: the note keeps saying when.
    rerender(<ArticleForm {...props({ mode: 'edit', values: { ...loadedValues(), published: false }, frontPage: holders, schedule: { id: 's1', executeAt: '2026-11-24T14:30:00Z' } })} />)
    expect(slotNote('Lead Story')).toBe('Replaces: Leaders agree energy package when the schedule publishes it, Tue 24 Nov 2026, 14:30 London time.')
  })

  it('replaces nobody when the article holds the slot already, or nobody does', () => {
    const { rerender } = render(<ArticleForm {...props({ mode: 'edit', values: loadedValues(), frontPage: { ...holders, lead: { id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b', title: 'Night buses return' } } })} />)
    expect(slotNote('Lead Story')).toBe('On the homepage now.')
    rerender(<ArticleForm {...props({ mode: 'edit', values: loadedValues(), frontPage: noHolders })} />)
    expect(slotNote('Lead Story')).toBe('')
  })
})

describe('ArticleForm’s corrections', () => {
  const published = { _key: 'c1', _type: 'correction' as const, kind: 'correction' as const, text: 'An earlier version gave the wrong route; it is the N29.', date: '2026-03-03' }

  it('offers the Corrections section on a live story to those who publish, and saves what is added with the article', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<ArticleForm {...props({ mode: 'edit', live: true, values: { ...loadedValues(), corrections: [published] }, onSubmit })} />)
    const section = screen.getByRole('group', { name: 'Corrections' })
    expect(within(section).getByText(`This article was amended on 3 March 2026. ${published.text}`)).toBeTruthy()
    await user.type(within(section).getByLabelText('What was corrected or clarified'), 'The fare is £1.75.')
    await user.click(within(section).getByRole('button', { name: 'Add correction' }))
    await user.click(screen.getByRole('button', { name: 'Save Article' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    const saved = (onSubmit.mock.calls[0]![0] as ArticleFormValues).corrections
    expect(saved.map((c) => [c.kind, c.text])).toEqual([
      ['correction', published.text],
      ['correction', 'The fare is £1.75.'],
    ])
  })

  it('offers no Corrections section on a story readers do not have yet, nor to a contributor', () => {
    const { rerender } = render(<ArticleForm {...props({ mode: 'edit', live: false, values: loadedValues() })} />)
    expect(screen.queryByRole('group', { name: 'Corrections' })).toBeNull()
    rerender(<ArticleForm {...props({ mode: 'edit', live: true, canPublish: false, values: loadedValues() })} />)
    expect(screen.queryByRole('group', { name: 'Corrections' })).toBeNull()
  })
})
