import type { Meta, StoryObj } from '@storybook/react-vite'
import { AdminLayout } from './AdminLayout.tsx'

const meta = {
  title: 'Admin/AdminLayout',
  component: AdminLayout,
  parameters: { layout: 'fullscreen' },
  args: {
    email: 'admin@resonance.example',
    onLogout: () => {},
    nav: (
      <ul>
        <li><a href="/admin" aria-current="page">Dashboard</a></li>
        <li><a href="/admin/articles">Articles</a></li>
        <li><a href="/admin/articles/new">New Article</a></li>
      </ul>
    ),
    children: <h1>Content Dashboard</h1>,
  },
} satisfies Meta<typeof AdminLayout>

export default meta
type Story = StoryObj<typeof meta>

export const SignedIn: Story = {}
export const LongEmail: Story = { args: { email: 'a.very.long.address.for.the.night.editor@resonance.example' } }
