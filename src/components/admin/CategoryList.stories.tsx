import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { categoryRowsFixture, manyCategoryRows } from './AuthorList.fixtures.ts'
import { CategoryForm } from './CategoryForm.tsx'
import { CategoryList } from './CategoryList.tsx'

const meta = {
  title: 'Admin/CategoryList',
  component: CategoryList,
  args: {
    state: { status: 'ready', data: categoryRowsFixture },
    onNew: fn(),
    onEdit: fn(),
    whyNotDelete: fn(async (): Promise<string | null> => null),
    onDelete: fn(async () => {}),
    onRetry: fn(),
  },
} satisfies Meta<typeof CategoryList>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}

export const Loading: Story = { args: { state: { status: 'loading' } } }

export const LoadFailed: Story = { args: { state: { status: 'error', message: 'Could not reach the content service.' } } }

export const Empty: Story = { args: { state: { status: 'ready', data: [] } } }

export const Many: Story = { args: { state: { status: 'ready', data: manyCategoryRows } } }

export const InUse: Story = { args: { whyNotDelete: fn(async () => '“UK” is used by 48 articles. Take it off them first, then delete it.') } }

export const WithForm: Story = { args: { form: <CategoryForm mode="create" initial={{ title: '', slug: '', kind: 'topic', description: '' }} onSubmit={fn(async () => {})} onCancel={fn()} /> } }
