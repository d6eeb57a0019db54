import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Editor } from '@tiptap/react'
import { useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { buildDemoDataset } from '../../../server/seed/demo.ts'
import { editorToPortableText, emptyEditorDoc, portableTextToEditor, type EditorDocument, type EditorNode } from '../../content/article/portableText.ts'
import type { BodyNode, ImageField, PortableTextBlock } from '../../../shared/schema.ts'
import { editorExtensions, RichTextEditor, type UploadImage } from './RichTextEditor.tsx'
import { layoutStubsForEditor } from './RichTextEditor.testing.ts'
import { PortableTextBody } from '../article/PortableTextBody.tsx'
import { bodyMeaning } from '../../../tests/support/portableText.ts'

layoutStubsForEditor()

const assetRef = 'image-0123456789abcdef0123456789abcdef01234567-1600x900-jpg'

const paragraph = (text: string, marks: EditorNode['marks'] = []): EditorNode => ({ type: 'paragraph', content: [{ type: 'text', text, ...(marks.length ? { marks } : {}) }] })
const doc = (...content: EditorNode[]): EditorDocument => ({ type: 'doc', content })

function Harness({ initial, upload, onChange, autofocus }: { initial: EditorDocument; upload?: UploadImage; onChange?: (value: EditorDocument) => void; autofocus?: 'all' | 'end' | 'start' }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <span id="content-label">Content</span>
      <RichTextEditor
        id="content"
        labelId="content-label"
        value={value}
        onChange={(next) => {
          setValue(next)
          onChange?.(next)
        }}
        uploadImage={upload ?? (async () => ({ assetRef }))}
        autofocus={autofocus ?? false}
      />
      <button type="button" onClick={() => setValue(doc(paragraph('Loaded from the service')))}>
        Load another
      </button>
    </>
  )
}

async function setup(props: Parameters<typeof Harness>[0]) {
  const user = userEvent.setup()
  render(<Harness {...props} />)
  const box = await screen.findByRole('textbox', { name: 'Content' })
  return { user, box }
}

const toggles = ['Heading 1', 'Heading 2', 'Heading 3', 'Bold', 'Italic', 'Underline', 'Link', 'Ordered list', 'Bullet list']
const actions = ['Clean (remove formatting)', 'Insert image', 'Edit image']
const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed')
/** A body as a reader would list it: each paragraph's words, each image's alt text. */
const shape = (node: BodyNode) => (node._type === 'image' ? `image: ${node.alt ?? ''}` : node.children.map((span) => span.text).join(''))
const lastValue = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)?.[0] as EditorDocument

describe('RichTextEditor', () => {
  it('is a labelled multi-line text box with the spec’s toolbar, every button named', async () => {
    const { box } = await setup({ initial: emptyEditorDoc() })
    expect(box.getAttribute('aria-multiline')).toBe('true')
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' })
    expect(toolbar.getAttribute('aria-controls')).toBe('content')
    expect(within(toolbar).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([...toggles, ...actions])
    for (const name of toggles) expect(pressed(name), name).toBe('false')
    // Actions are not toggles: they have nothing to be pressed about.
    for (const name of actions) expect(pressed(name), name).toBeNull()
  })

  it('reports what is typed, and formatting from the toolbar shows as pressed', async () => {
    const onChange = vi.fn()
    const { user, box } = await setup({ initial: emptyEditorDoc(), onChange })
    await user.click(box)
    await user.keyboard('Services run')
    await user.click(screen.getByRole('button', { name: 'Bold' }))
    expect(pressed('Bold')).toBe('true')
    await user.keyboard(' all night')
    await user.click(screen.getByRole('button', { name: 'Heading 2' }))
    expect(pressed('Heading 2')).toBe('true')
    expect(editorToPortableText(lastValue(onChange))).toMatchObject([
      {
        style: 'h2',
        children: [
          { text: 'Services run', marks: [] },
          { text: ' all night', marks: ['strong'] },
        ],
      },
    ])
  })

  it('makes and changes lists from the toolbar', async () => {
    const onChange = vi.fn()
    const { box } = await setup({ initial: doc(paragraph('Fridays'), paragraph('Saturdays')), onChange, autofocus: 'all' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    await userEvent.click(screen.getByRole('button', { name: 'Bullet list' }))
    expect(pressed('Bullet list')).toBe('true')
    expect(editorToPortableText(lastValue(onChange)).map((node) => (node as PortableTextBlock).listItem)).toEqual(['bullet', 'bullet'])
    await userEvent.click(screen.getByRole('button', { name: 'Ordered list' }))
    expect([pressed('Ordered list'), pressed('Bullet list')]).toEqual(['true', 'false'])
    expect(editorToPortableText(lastValue(onChange)).map((node) => (node as PortableTextBlock).listItem)).toEqual(['number', 'number'])
  })

  it('shows the selection’s formatting, and Clean removes all of it', async () => {
    const onChange = vi.fn()
    const { box } = await setup({ initial: doc({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Loud', marks: [{ type: 'bold' }, { type: 'italic' }] }] }), onChange, autofocus: 'all' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    expect(pressed('Bold')).toBe('true')
    expect([pressed('Heading 1'), pressed('Italic'), pressed('Underline')]).toEqual(['true', 'true', 'false'])
    await userEvent.click(screen.getByRole('button', { name: 'Clean (remove formatting)' }))
    expect([pressed('Heading 1'), pressed('Bold'), pressed('Italic')]).toEqual(['false', 'false', 'false'])
    expect(editorToPortableText(lastValue(onChange))).toMatchObject([{ style: 'normal', children: [{ text: 'Loud', marks: [] }] }])
  })

  it('is one tab stop; arrow keys, Home and End move between its buttons', async () => {
    const { user } = await setup({ initial: emptyEditorDoc() })
    const buttons = within(screen.getByRole('toolbar')).getAllByRole('button')
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1)
    buttons[0]!.focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(buttons[1])
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(buttons.at(-1))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(buttons[0])
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(buttons.at(-1))
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(buttons[0])
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([buttons[0]])
  })

  it('asks for a link’s address in a field of its own and refuses anything but http, https, mailto and tel', async () => {
    const onChange = vi.fn()
    const { user, box } = await setup({ initial: doc(paragraph('the timetable')), onChange, autofocus: 'all' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    await user.click(screen.getByRole('button', { name: 'Link' }))
    const address = screen.getByRole('textbox', { name: 'Link address' })
    expect(document.activeElement).toBe(address)
    await user.type(address, 'javascript:alert(1){Enter}')
    expect(screen.getByText('Use an address starting with http://, https://, mailto: or tel:.')).toBeTruthy()
    expect(address.getAttribute('aria-invalid')).toBe('true')
    expect(onChange).not.toHaveBeenCalled()
    await user.clear(address)
    await user.type(address, 'tfl.example/night{Enter}')
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull()
    expect(editorToPortableText(lastValue(onChange))).toMatchObject([{ markDefs: [{ _type: 'link', href: 'https://tfl.example/night' }], children: [{ text: 'the timetable' }] }])
  })

  it('edits and removes an existing link, and Escape closes the address field', async () => {
    const onChange = vi.fn()
    const { user, box } = await setup({ initial: doc(paragraph('write to us', [{ type: 'link', attrs: { href: 'mailto:desk@resonance.example' } }])), onChange, autofocus: 'all' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    expect(pressed('Link')).toBe('true')
    await user.click(screen.getByRole('button', { name: 'Link' }))
    expect((screen.getByRole('textbox', { name: 'Link address' }) as HTMLInputElement).value).toBe('mailto:desk@resonance.example')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('group', { name: 'Edit link' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Link' }))
    await user.click(screen.getByRole('button', { name: 'Remove link' }))
    expect(editorToPortableText(lastValue(onChange))).toMatchObject([{ markDefs: [], children: [{ text: 'write to us', marks: [] }] }])
  })

  it('uploads an inserted image with its progress shown, then inserts a reference to the asset with its alt text', async () => {
    const onChange = vi.fn()
    let finish: (ref: { assetRef: string }) => void = () => {}
    let report: (percent: number) => void = () => {}
    const upload = vi.fn<UploadImage>((_file, onProgress) => {
      report = onProgress
      return new Promise((resolve) => (finish = resolve))
    })
    const { user, box } = await setup({ initial: doc(paragraph('Above the picture')), onChange, upload, autofocus: 'end' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    await user.click(screen.getByRole('button', { name: 'Insert image' }))
    await user.click(screen.getByRole('button', { name: 'Upload and insert' }))
    expect(screen.getByRole('alert').textContent).toBe('Choose an image file to upload.')
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'bus.png', { type: 'image/png' })
    await user.upload(screen.getByLabelText('Image file'), file)
    await user.click(screen.getByRole('button', { name: 'Upload and insert' }))
    expect(screen.getByRole('alert').textContent).toBe('Describe the image in its alt text.')
    await user.type(screen.getByRole('textbox', { name: 'Alt text' }), 'A night bus on Oxford Street')
    await user.click(screen.getByRole('button', { name: 'Upload and insert' }))
    expect(upload).toHaveBeenCalledWith(file, expect.any(Function))
    act(() => report(42))
    expect(screen.getByText('Uploading bus.png… 42%')).toBeTruthy()
    expect((screen.getByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement).value).toBe(42)
    await act(async () => finish({ assetRef }))
    expect(screen.queryByRole('group', { name: 'Insert image' })).toBeNull()
    const saved = editorToPortableText(lastValue(onChange))
    expect(saved.at(-1)).toMatchObject({ _type: 'image', asset: { _type: 'reference', _ref: assetRef }, alt: 'A night bus on Oxford Street' })
    const img = box.querySelector('img')!
    expect(img.getAttribute('alt')).toBe('A night bus on Oxford Street')
    expect(img.getAttribute('src')).toContain('0123456789abcdef0123456789abcdef01234567-1600x900.jpg')
    expect(img.getAttribute('src')).not.toMatch(/^data:/)
  })

  it('puts the caret after an inserted image, so what is typed next follows it', async () => {
    const onChange = vi.fn()
    const { user, box } = await setup({ initial: doc(paragraph('Above the picture')), onChange, autofocus: 'end' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    await user.click(screen.getByRole('button', { name: 'Insert image' }))
    await user.upload(screen.getByLabelText('Image file'), new File(['x'], 'bus.png', { type: 'image/png' }))
    await user.type(screen.getByRole('textbox', { name: 'Alt text' }), 'A night bus{Enter}')
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Insert image' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(box))
    expect(screen.getByRole('button', { name: 'Edit image' }).getAttribute('aria-disabled')).toBe('true')
    await user.keyboard('Below the picture')
    const saved = editorToPortableText(lastValue(onChange))
    expect(saved.map(shape)).toEqual(['Above the picture', 'image: A night bus', 'Below the picture'])
  })

  it('puts the caret in the text that follows when an image goes in the middle of a paragraph', async () => {
    const onChange = vi.fn()
    const { user, box } = await setup({ initial: doc(paragraph('Before after')), onChange, autofocus: 'start' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    await user.keyboard('{ArrowRight>7/}')
    await user.click(screen.getByRole('button', { name: 'Insert image' }))
    await user.upload(screen.getByLabelText('Image file'), new File(['x'], 'bus.png', { type: 'image/png' }))
    await user.type(screen.getByRole('textbox', { name: 'Alt text' }), 'A night bus{Enter}')
    await waitFor(() => expect(document.activeElement).toBe(box))
    await user.keyboard('and ')
    expect(editorToPortableText(lastValue(onChange)).map(shape)).toEqual(['Before ', 'image: A night bus', 'and after'])
  })

  it('edits a selected image’s alt text and caption from the keyboard; Escape leaves them as they were', async () => {
    const onChange = vi.fn()
    const image: EditorNode = { type: 'image', attrs: { assetRef, alt: 'A bus', caption: null, key: 'img', crop: null, hotspot: null } }
    // The image leads the text, so the caret starting there selects it.
    const { user, box } = await setup({ initial: doc(image, paragraph('After the picture')), onChange, autofocus: 'start' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    expect(screen.getByRole('status').textContent).toBe('Image selected. Press Enter, or Edit image, to change its alt text, caption and credit.')
    await user.keyboard('{Enter}')
    const alt = screen.getByRole('textbox', { name: 'Alt text' })
    expect(document.activeElement).toBe(alt)
    expect((alt as HTMLInputElement).value).toBe('A bus')
    await user.clear(alt)
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(screen.getByText('Describe the image in its alt text.')).toBeTruthy()
    expect(onChange).not.toHaveBeenCalled()
    await user.type(alt, 'A night bus on Oxford Street')
    await user.type(screen.getByRole('textbox', { name: 'Caption' }), 'The N8 at midnight{Enter}')
    expect(screen.queryByRole('group', { name: 'Edit image' })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(box))
    expect(editorToPortableText(lastValue(onChange))[0]).toMatchObject({ _type: 'image', _key: 'img', alt: 'A night bus on Oxford Street', caption: 'The N8 at midnight' })
    expect(box.querySelector('img')?.getAttribute('alt')).toBe('A night bus on Oxford Street')
    expect(box.querySelector('figcaption')?.textContent).toBe('The N8 at midnight')

    // Still selected: Edit image opens it again, and Escape changes nothing.
    const changes = onChange.mock.calls.length
    await user.click(screen.getByRole('button', { name: 'Edit image' }))
    await user.type(screen.getByRole('textbox', { name: 'Caption' }), ' and later')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('group', { name: 'Edit image' })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(box))
    expect(onChange.mock.calls.length).toBe(changes)
    expect(box.querySelector('figcaption')?.textContent).toBe('The N8 at midnight')
  })

  it('credits a selected image, shown under it on the article page, and takes an emptied credit away', async () => {
    const onChange = vi.fn()
    const image: EditorNode = { type: 'image', attrs: { assetRef, alt: 'A bus', caption: 'The N8 at midnight', key: 'img', crop: null, hotspot: null } }
    const { user, box } = await setup({ initial: doc(image, paragraph('After')), onChange, autofocus: 'start' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    await user.click(screen.getByRole('button', { name: 'Edit image' }))
    const credit = screen.getByRole('textbox', { name: 'Credit' }) as HTMLInputElement
    expect(credit.value).toBe('')
    await user.type(credit, '  Mei Lin Ng/Resonance {Enter}')
    expect(screen.queryByRole('group', { name: 'Edit image' })).toBeNull()
    const saved = editorToPortableText(lastValue(onChange))[0] as ImageField
    expect(saved).toMatchObject({ _type: 'image', _key: 'img', alt: 'A bus', caption: 'The N8 at midnight', credit: 'Mei Lin Ng/Resonance' })
    // The editor shows it under the picture too, as readers will see it.
    expect(within(box).getByText('Photograph: Mei Lin Ng/Resonance')).toBeTruthy()
    // What readers see under the picture: the caption, then the credit line.
    const article = render(<PortableTextBody value={[{ ...saved }]} />, { container: document.body.appendChild(document.createElement('article')) })
    expect(article.container.querySelector('figcaption')?.textContent).toBe('The N8 at midnight Photograph: Mei Lin Ng/Resonance')
    article.unmount()

    // Opened again it shows the credit; emptied, the image has none.
    await waitFor(() => expect(document.activeElement).toBe(box))
    await user.click(screen.getByRole('button', { name: 'Edit image' }))
    expect((screen.getByRole('textbox', { name: 'Credit' }) as HTMLInputElement).value).toBe('Mei Lin Ng/Resonance')
    await user.clear(screen.getByRole('textbox', { name: 'Credit' }))
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect((editorToPortableText(lastValue(onChange))[0] as ImageField).credit).toBeUndefined()
    expect(within(box).queryByText(/^Photograph:/)).toBeNull()
  })

  it('takes an emptied caption away', async () => {
    const onChange = vi.fn()
    const image: EditorNode = { type: 'image', attrs: { assetRef, alt: 'A bus', caption: 'Old words', key: 'img', crop: null, hotspot: null } }
    const { user, box } = await setup({ initial: doc(image, paragraph('After')), onChange, autofocus: 'start' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    await user.click(screen.getByRole('button', { name: 'Edit image' }))
    await user.clear(screen.getByRole('textbox', { name: 'Caption' }))
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    const saved = editorToPortableText(lastValue(onChange))[0] as ImageField
    expect(saved.caption).toBeUndefined()
    expect(box.querySelector('figcaption')).toBeNull()
  })

  it('says when an upload fails and keeps the panel to try again', async () => {
    const { user } = await setup({ initial: emptyEditorDoc(), upload: async () => Promise.reject(new Error('Insufficient permissions')) })
    await user.click(screen.getByRole('button', { name: 'Insert image' }))
    await user.upload(screen.getByLabelText('Image file'), new File(['x'], 'x.png', { type: 'image/png' }))
    await user.type(screen.getByRole('textbox', { name: 'Alt text' }), 'Something')
    await user.click(screen.getByRole('button', { name: 'Upload and insert' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The image could not be uploaded: Insufficient permissions')
    expect(screen.getByRole('button', { name: 'Upload and insert' })).toBeTruthy()
  })

  it('shows a value given from outside (a loaded article) instead of what it had', async () => {
    const { user, box } = await setup({ initial: doc(paragraph('Draft words')) })
    await user.click(screen.getByRole('button', { name: 'Load another' }))
    expect(box.textContent).toBe('Loaded from the service')
  })

  it('marks itself invalid and described when the form says so', async () => {
    render(
      <>
        <span id="l">Content</span>
        <RichTextEditor id="c" labelId="l" value={emptyEditorDoc()} onChange={() => {}} invalid describedBy="c-error" uploadImage={async () => ({ assetRef })} />
        <p id="c-error">Content is too short.</p>
      </>,
    )
    const box = await screen.findByRole('textbox', { name: 'Content' })
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'))
    expect(box.getAttribute('aria-describedby')).toBe('c-error')
  })
})


/** Load into the real editor (its schema normalises what it is given), then save. */
function throughTheEditor(body: BodyNode[]): BodyNode[] {
  const editor = new Editor({ extensions: editorExtensions(), content: portableTextToEditor(body) as never })
  const saved = editorToPortableText(editor.getJSON() as EditorDocument)
  editor.destroy()
  return saved
}

describe('bodies through the real editor schema', () => {
  let demoBodies: BodyNode[][] = []

  beforeAll(async () => {
    let n = 0
    const documents = await buildDemoDataset({
      now: new Date('2026-11-21T08:00:00Z'),
      uploadImage: async () => ({ _id: `image-${(++n).toString(16).padStart(40, '0')}-1600x900-jpg` }),
    })
    demoBodies = documents.filter((d) => d._type === 'article').map((d) => d.body as BodyNode[])
  }, 60_000)

  it('keep every block type, nested marks, links, lists, line breaks, images and empty paragraphs', () => {
    const span = (key: string, text: string, marks: string[] = []) => ({ _type: 'span' as const, _key: key, text, marks })
    const body: BodyNode[] = [
      { _type: 'block', _key: 'h1', style: 'h1', markDefs: [], children: [span('a', 'Heading one')] },
      { _type: 'block', _key: 'h2', style: 'h2', markDefs: [], children: [span('b', 'Heading two')] },
      { _type: 'block', _key: 'h3', style: 'h3', markDefs: [], children: [span('c', 'Heading three')] },
      {
        _type: 'block',
        _key: 'p1',
        style: 'normal',
        markDefs: [{ _type: 'link', _key: 'l1', href: 'https://tfl.example' }],
        children: [span('d', 'Plain, '), span('e', 'bold, ', ['strong']), span('f', 'bold italic underlined', ['strong', 'em', 'underline']), span('g', ' and a '), span('h', 'link with ', ['l1']), span('i', 'bold inside', ['l1', 'strong']), span('j', '.\nA new line.')],
      },
      { _type: 'block', _key: 'empty', style: 'normal', markDefs: [], children: [span('k', '')] },
      { _type: 'block', _key: 'q', style: 'blockquote', markDefs: [], children: [span('l', '“A quote”'), span('m', ' — Somebody', ['em'])] },
      { _type: 'block', _key: 'li1', style: 'normal', listItem: 'bullet', level: 1, markDefs: [], children: [span('n', 'One')] },
      { _type: 'block', _key: 'li2', style: 'normal', listItem: 'bullet', level: 2, markDefs: [], children: [span('o', 'One point one')] },
      { _type: 'block', _key: 'li3', style: 'normal', listItem: 'number', level: 3, markDefs: [], children: [span('p', 'Deeper')] },
      { _type: 'block', _key: 'li4', style: 'normal', listItem: 'bullet', level: 1, markDefs: [], children: [span('q', 'Two')] },
      { _type: 'block', _key: 'n1', style: 'normal', listItem: 'number', level: 1, markDefs: [], children: [span('r', 'Numbered')] },
      { _type: 'image', _key: 'img', asset: { _type: 'reference', _ref: assetRef }, alt: 'A picture', caption: 'Its caption' },
      { _type: 'block', _key: 'last', style: 'normal', markDefs: [], children: [span('s', 'The end.')] },
    ]
    const saved = throughTheEditor(body)
    expect(bodyMeaning(saved)).toEqual(bodyMeaning(body))
    expect(saved.map((node) => node._key)).toEqual(body.map((node) => node._key))
  })

  it('keep the demo articles’ bodies unchanged in meaning', () => {
    expect(demoBodies.length).toBeGreaterThan(50)
    for (const body of demoBodies) {
      const saved = throughTheEditor(body)
      expect(bodyMeaning(saved)).toEqual(bodyMeaning(body))
      expect(saved.map((node) => node._key)).toEqual(body.map((node) => node._key))
    }
  })
})
