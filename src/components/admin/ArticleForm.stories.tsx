import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn, userEvent, within } from 'storybook/test'
import { messages } from '../../content/admin/articleForm/messages.ts'
import { noHolders, type FrontPageHolders } from '../../content/admin/frontPage.ts'
import { emptyArticleValues, type ArticleFormValues } from '../../content/admin/articleForm/values.ts'
import { portableTextToEditor } from '../../content/article/portableText.ts'
import { ArticleForm } from './ArticleForm.tsx'
import { formAuthors, formCategories } from './ArticleForm.fixtures.ts'

const authors = formAuthors
const categories = formCategories

const loaded: ArticleFormValues = {
  ...emptyArticleValues(),
  title: 'Night buses return to the Northern line',
  slug: 'night-buses-return-to-the-northern-line',
  excerpt: 'Services every twenty minutes through Friday and Saturday nights from next week.',
  content: portableTextToEditor([
    { _type: 'block', _key: 'h', style: 'h2', markDefs: [], children: [{ _type: 'span', _key: 'a', text: 'What changes', marks: [] }] },
    {
      _type: 'block',
      _key: 'p',
      style: 'normal',
      markDefs: [{ _type: 'link', _key: 'l', href: 'https://tfl.example/night' }],
      children: [
        { _type: 'span', _key: 'b', text: 'Trains run ', marks: [] },
        { _type: 'span', _key: 'c', text: 'every twenty minutes', marks: ['strong'] },
        { _type: 'span', _key: 'd', text: '. See the ', marks: [] },
        { _type: 'span', _key: 'e', text: 'timetable', marks: ['l'] },
        { _type: 'span', _key: 'f', text: '.', marks: [] },
      ],
    },
  ]),
  author_id: authors[1]!.id,
  category_ids: [categories[0]!.id],
  published: true,
  is_lead_story: true,
  main_image: { assetRef: 'image-3f786850e387550fdab836ed7e6dc881de23001b-1600x900-jpg', alt: 'A night bus crossing Waterloo Bridge' },
}

const articleId = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b'
const holders: FrontPageHolders = {
  breaking: { id: 'storm', title: 'Storm surge closes the Thames Barrier' },
  lead: { id: 'summit', title: 'EU leaders agree emergency energy package after all-night summit' },
}

const meta = {
  title: 'Admin/ArticleForm',
  component: ArticleForm,
  parameters: { layout: 'padded' },
  args: {
    status: 'ready',
    mode: 'create',
    id: articleId,
    frontPage: noHolders,
    values: emptyArticleValues(),
    authors,
    categories,
    saving: false,
    error: null,
    conflict: false,
    loadError: null,
    takenSlug: null,
    onSubmit: fn(),
    onCancel: fn(),
    onRetry: fn(),
    onReload: fn(),
    uploadImage: fn(async () => ({ assetRef: 'image-3f786850e387550fdab836ed7e6dc881de23001b-1600x900-jpg' })),
    uploadVideo: fn(async () => ({ assetRef: `file-${'0'.repeat(40)}-mp4` })),
  },
} satisfies Meta<typeof ArticleForm>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { status: 'loading', mode: 'edit' } }

export const LoadFailed: Story = { args: { status: 'loadFailed', mode: 'edit', loadError: 'Request error while attempting to reach the content service' } }

export const NotFound: Story = { args: { status: 'notFound', mode: 'edit' } }

export const CreateEmpty: Story = {}

/** Saved with nothing filled in: all six of the spec's messages, and the Title field has focus. */
export const CreateWithErrors: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Save Article' }))
  },
}

export const Edit: Story = { args: { mode: 'edit', values: loaded } }

export const Video: Story = { args: { mode: 'edit', values: { ...loaded, media_type: 'video', video_url: 'https://media.resonance.example/video/night-buses.mp4' } } }

export const Saving: Story = { args: { mode: 'edit', values: loaded, saving: true } }

/** The service refuses this user writes (403). */
export const SaveRefused: Story = { args: { mode: 'edit', values: loaded, error: messages.updateDisabled } }

/** Another editor saved first: the form keeps this editor's text. */
export const Conflict: Story = { args: { mode: 'edit', values: loaded, conflict: true, error: messages.conflict } }

export const SlugTaken: Story = { args: { mode: 'edit', values: loaded, takenSlug: loaded.slug } }

/** Lead Story on while another story leads the homepage: the form names the story it takes the slot from. */
export const ReplacesLead: Story = { args: { mode: 'edit', values: loaded, frontPage: holders } }

/** Both single slots asked for by a draft: it names them, and says a draft replaces nothing yet. */
export const ReplacesAsDraft: Story = { args: { mode: 'edit', values: { ...loaded, published: false, is_breaking_news: true }, frontPage: holders } }

/** This article is the lead already: nothing to replace. */
/** A scheduled draft flagged Lead Story: the slot changes hands when the schedule publishes it. */
export const ReplacesWhenScheduled: Story = {
  args: { mode: 'edit', values: { ...loaded, published: false }, frontPage: holders, schedule: { id: 'sch-1', executeAt: '2026-11-24T14:30:00Z' } },
}

export const HoldsLead: Story = { args: { mode: 'edit', values: loaded, frontPage: { ...holders, lead: { id: articleId, title: loaded.title } } } }
