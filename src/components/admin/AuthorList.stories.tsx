import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { AuthorForm } from './AuthorForm.tsx'
import { AuthorList } from './AuthorList.tsx'
import { authorRowsFixture, manyAuthorRows } from './AuthorList.fixtures.ts'

const meta = {
  title: 'Admin/AuthorList',
  component: AuthorList,
  args: {
    state: { status: 'ready', data: authorRowsFixture },
    onNew: fn(),
    onEdit: fn(),
    whyNotDelete: fn(async (): Promise<string | null> => null),
    onDelete: fn(async () => {}),
    onRetry: fn(),
  },
} satisfies Meta<typeof AuthorList>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}

export const Loading: Story = { args: { state: { status: 'loading' } } }

export const LoadFailed: Story = { args: { state: { status: 'error', message: 'Could not reach the content service.' } } }

export const Empty: Story = { args: { state: { status: 'ready', data: [] } } }

export const Many: Story = { args: { state: { status: 'ready', data: manyAuthorRows } } }

/** Delete pressed on an author with bylines: the reason, no dialog. */
export const InUse: Story = { args: { whyNotDelete: fn(async () => '“Priya Raman” is used by 12 articles. Take it off them first, then delete it.') } }

export const WithForm: Story = {
  args: { form: <AuthorForm mode="create" initial={{ name: '', slug: '', bio: '', image: null }} onSubmit={fn(async () => {})} onCancel={fn()} uploadImage={fn(async () => ({ assetRef: 'image-a-400x400-png' }))} /> },
}
