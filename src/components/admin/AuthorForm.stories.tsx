import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { AuthorForm, AuthorSlugTaken } from './AuthorForm.tsx'
import { authorRowsFixture } from './AuthorList.fixtures.ts'

const priya = authorRowsFixture[0]!

const meta = {
  title: 'Admin/AuthorForm',
  component: AuthorForm,
  args: {
    mode: 'create',
    initial: { name: '', slug: '', bio: '', image: null },
    onSubmit: fn(async () => {}),
    onCancel: fn(),
    uploadImage: fn(async () => ({ assetRef: priya.image!.assetRef })),
  },
} satisfies Meta<typeof AuthorForm>

export default meta
type Story = StoryObj<typeof meta>

export const New: Story = {}

export const Editing: Story = { args: { mode: 'edit', initial: { name: priya.name, slug: priya.slug, bio: priya.bio, image: priya.image } } }

/** Saving is refused: another author has the slug. */
export const SlugTaken: Story = { args: { onSubmit: fn(() => Promise.reject(new AuthorSlugTaken('Another author has this slug.'))) } }

export const UploadFails: Story = { args: { uploadImage: fn(() => Promise.reject(new Error('The file is not an image'))) } }
