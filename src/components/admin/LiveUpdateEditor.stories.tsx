import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { LiveUpdateEditor } from './LiveUpdateEditor.tsx'
import { deskUpdates } from './LiveBlogDesk.fixtures.ts'

const authors = [
  { id: 'nadia', name: 'Nadia Rahman' },
  { id: 'omar', name: 'Omar Haddad' },
]

const meta = {
  title: 'Admin/LiveUpdateEditor',
  component: LiveUpdateEditor,
  args: {
    idPrefix: 'story',
    authors,
    defaultAuthorId: 'nadia',
    submitLabel: 'Post update',
    busyLabel: 'Posting…',
    busy: false,
    onSubmit: fn(),
    uploadImage: fn(async () => ({ assetRef: 'image-3f786850e387550fdab836ed7e6dc881de23001b-1600x900-jpg' })),
  },
} satisfies Meta<typeof LiveUpdateEditor>

export default meta
type Story = StoryObj<typeof meta>

/** A new update, the article's author as its byline. */
export const NewUpdate: Story = {}

export const Posting: Story = { args: { busy: true } }

/** An update edited in place, with Cancel. */
export const EditingAnUpdate: Story = {
  args: {
    submitLabel: 'Save update',
    busyLabel: 'Saving…',
    initial: { headline: deskUpdates[1]!.headline, body: deskUpdates[1]!.body, isKeyEvent: true, isPinned: false, authorId: 'nadia' },
    onCancel: fn(),
  },
}
