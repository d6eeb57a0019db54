import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn, userEvent, within } from 'storybook/test'
import { AdminArticleFilters } from './AdminArticleFilters.tsx'
import { AdminArticleTable } from './AdminArticleTable.tsx'
import { articleRows, authorOptions, categoryOptions } from './AdminArticleTable.fixtures.ts'
import { Pagination } from '../ui/Pagination.tsx'

const meta = {
  title: 'Admin/AdminArticleTable',
  component: AdminArticleTable,
  args: {
    state: { status: 'ready', data: { rows: articleRows, total: articleRows.length } },
    page: 1,
    sort: 'newest',
    filtered: false,
    onSort: fn(),
    onDelete: fn(async () => {}),
    onRetry: fn(),
  },
} satisfies Meta<typeof AdminArticleTable>

export default meta
type Story = StoryObj<typeof meta>

/** Published, edited and draft articles, one without author or category, one with a long title. */
export const Articles: Story = {}

/** As the page shows it: filters above, pages below. */
export const WithFiltersAndPages: Story = {
  args: {
    state: { status: 'ready', data: { rows: articleRows, total: 96 } },
    page: 2,
    sort: 'title',
    filters: <AdminArticleFilters search={{ sort: 'title', page: 2 }} categories={categoryOptions} authors={authorOptions} onChange={fn()} />,
    pagination: <Pagination page={2} pageCount={4} label="Article pages" keepSearch pastTheEnd="leadBack" variant="admin" />,
  },
}

export const SortedByPublication: Story = { args: { sort: 'published' } }

export const Loading: Story = { args: { state: { status: 'loading' } } }

/** A new filter, sort or page is loading: the old rows stay, dimmed. */
export const Reloading: Story = { args: { busy: true } }

export const Empty: Story = { args: { state: { status: 'ready', data: { rows: [], total: 0 } } } }

export const NothingMatches: Story = { args: { filtered: true, state: { status: 'ready', data: { rows: [], total: 0 } } } }

export const Failed: Story = { args: { state: { status: 'error', message: 'Request error while attempting to reach http://localhost:3000' } } }

// A draft waiting for its schedule shows when it goes live, on London's clock.
export const Scheduled: Story = {
  args: { state: { status: 'ready', data: { rows: articleRows.map((r) => (r.hasPublished ? r : { ...r, scheduledAt: '2026-12-01T07:00:00.000Z' })), total: 4 } } },
}

/** As a contributor sees it: Edit only, since deleting is an editor's. */
export const ForAContributor: Story = { args: { canDelete: false } }

export const Drafts: Story = { args: { state: { status: 'ready', data: { rows: articleRows.filter((r) => r.hasDraft), total: 2 } } } }

export const ConfirmOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: `Delete “${articleRows[0]!.title}”` }))
  },
}
