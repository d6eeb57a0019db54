import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { CategoryForm, CategorySlugTaken } from './CategoryForm.tsx'

const meta = {
  title: 'Admin/CategoryForm',
  component: CategoryForm,
  args: { mode: 'create', initial: { title: '', slug: '', kind: 'topic', description: '' }, onSubmit: fn(async () => {}), onCancel: fn() },
} satisfies Meta<typeof CategoryForm>

export default meta
type Story = StoryObj<typeof meta>

export const New: Story = {}

export const EditingASection: Story = { args: { mode: 'edit', initial: { title: 'UK', slug: 'uk', kind: 'section', description: 'News from London and across the United Kingdom.' } } }

export const SlugTaken: Story = { args: { onSubmit: fn(() => Promise.reject(new CategorySlugTaken('Another category has this slug.'))) } }

export const SaveFails: Story = { args: { onSubmit: fn(() => Promise.reject(new Error('Someone else changed or deleted this category since the page loaded. Close the form and open it again.'))) } }
