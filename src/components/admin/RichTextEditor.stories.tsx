import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn, userEvent, within } from 'storybook/test'
import { emptyEditorDoc, portableTextToEditor, type EditorDocument } from '../../content/article/portableText.ts'
import type { BodyNode } from '../../../shared/schema.ts'
import { RichTextEditor, type RichTextEditorProps, type UploadImage } from './RichTextEditor.tsx'

/** The editor with its label, keeping what is typed, as the article form does. */
function Labelled(props: RichTextEditorProps) {
  const [value, setValue] = useState<EditorDocument>(props.value)
  return (
    <div style={{ maxWidth: '48rem', fontFamily: 'system-ui, sans-serif' }}>
      <p id={props.labelId} style={{ fontWeight: 700, margin: '0 0 0.35rem' }}>
        Content
      </p>
      <RichTextEditor
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next)
          props.onChange(next)
        }}
      />
      {props.invalid ? (
        <p id="story-content-error" style={{ color: '#b00020' }}>
          Content is too short.
        </p>
      ) : null}
    </div>
  )
}

const span = (key: string, text: string, marks: string[] = []) => ({ _type: 'span' as const, _key: key, text, marks })
const article: BodyNode[] = [
  { _type: 'block', _key: 'h', style: 'h2', markDefs: [], children: [span('a', 'What changes on Friday')] },
  {
    _type: 'block',
    _key: 'p',
    style: 'normal',
    markDefs: [{ _type: 'link', _key: 'l', href: 'https://tfl.example/night' }],
    children: [span('b', 'Night buses run '), span('c', 'every twenty minutes', ['strong']), span('d', ' through the night. Read the '), span('e', 'timetable', ['l']), span('f', '.')],
  },
  { _type: 'block', _key: 'q', style: 'blockquote', markDefs: [], children: [span('g', '“It is the service people asked for.”'), span('h', ' — a driver', ['em'])] },
  { _type: 'block', _key: 'l1', style: 'normal', listItem: 'bullet', level: 1, markDefs: [], children: [span('i', 'Fridays from 00:30')] },
  { _type: 'block', _key: 'l2', style: 'normal', listItem: 'bullet', level: 1, markDefs: [], children: [span('j', 'Saturdays from 00:30')] },
]

/** Never finishes: shows an upload in progress at 40%. */
const slowUpload: UploadImage = (_file, onProgress) => {
  onProgress(40)
  return new Promise(() => {})
}

const meta = {
  title: 'Admin/RichTextEditor',
  component: RichTextEditor,
  render: (args) => <Labelled {...args} />,
  args: { id: 'story-content', labelId: 'story-content-label', value: emptyEditorDoc(), onChange: fn(), uploadImage: fn<UploadImage>(async () => ({ assetRef: 'image-3f786850e387550fdab836ed7e6dc881de23001b-1600x900-jpg' })) },
} satisfies Meta<typeof RichTextEditor>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

/** An article's body: a heading, bold text, a link, a quote and a list. */
export const WithArticle: Story = { args: { value: portableTextToEditor(article) } }

/** All of a bold sentence selected: Bold reads as pressed. */
export const BoldSelection: Story = {
  args: { value: portableTextToEditor([{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [span('a', 'Services resume tonight.', ['strong'])] }]), autofocus: 'all' },
}

/** Words selected and Link pressed: the address field is open. */
export const LinkDialogOpen: Story = {
  args: { value: portableTextToEditor(article), autofocus: 'all' },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Link' }))
  },
}

/** An image on its way to the content service, 40% sent. */
export const UploadingImage: Story = {
  args: { value: portableTextToEditor(article), autofocus: 'end', uploadImage: fn<UploadImage>(slowUpload) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Insert image' }))
    await userEvent.upload(canvas.getByLabelText('Image file'), new File([new Uint8Array([255, 216, 255])], 'night-bus.jpg', { type: 'image/jpeg' }))
    await userEvent.type(canvas.getByRole('textbox', { name: 'Alt text' }), 'A night bus on Oxford Street')
    await userEvent.click(canvas.getByRole('button', { name: 'Upload and insert' }))
  },
}

/** After a failed submit: too short, and described as such. */
export const Invalid: Story = { args: { invalid: true, describedBy: 'story-content-error' } }

const bodyImage: BodyNode = { _type: 'image', _key: 'img', asset: { _type: 'reference', _ref: 'image-3f786850e387550fdab836ed7e6dc881de23001b-1600x900-jpg' }, alt: 'A night bus on Oxford Street', caption: 'The N8 at midnight' }

/** The caret starts on the picture that opens the text: it is selected, and Edit image is offered. */
export const ImageSelected: Story = { args: { value: portableTextToEditor([bodyImage, ...article]), autofocus: 'start' } }

/** A selected picture’s alt text, caption and credit, open to change (Enter on the picture opens them too). */
export const EditingImageDetails: Story = {
  args: { value: portableTextToEditor([bodyImage, ...article]), autofocus: 'start' },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Edit image' }))
  },
}

/** A credited picture open to change: its credit beside the alt text and caption, shown to readers after the caption. */
export const EditingImageCredit: Story = {
  args: { value: portableTextToEditor([{ ...bodyImage, credit: 'Mei Lin Ng/Resonance' }, ...article]), autofocus: 'start' },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Edit image' }))
  },
}
