import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn, userEvent, within } from 'storybook/test'
import { essayMessages } from '../../content/admin/photoEssayForm/messages.ts'
import { emptyPhotoEssayValues } from '../../content/admin/photoEssayForm/values.ts'
import type { UploadImage } from './RichTextEditor.tsx'
import { essayAuthors, essayPictures, loadedEssay, manyPictures } from './PhotoEssayForm.fixtures.ts'
import { EditorsPresent } from './EditorsPresent.tsx'
import { PhotoEssayForm } from './PhotoEssayForm.tsx'

/** Never finishes: shows uploads on their way. */
const slowUpload: UploadImage = (_file, onProgress) => {
  onProgress(40)
  return new Promise(() => {})
}

const meta = {
  title: 'Admin/PhotoEssayForm',
  component: PhotoEssayForm,
  parameters: { layout: 'padded' },
  args: {
    status: 'ready',
    mode: 'create',
    values: emptyPhotoEssayValues(),
    authors: essayAuthors,
    saving: false,
    error: null,
    conflict: false,
    loadError: null,
    takenSlug: null,
    onSubmit: fn(),
    onCancel: fn(),
    onRetry: fn(),
    onReload: fn(),
    uploadImage: fn<UploadImage>(async () => ({ assetRef: essayPictures[0]!.assetRef })),
  },
} satisfies Meta<typeof PhotoEssayForm>

export default meta
type Story = StoryObj<typeof meta>

/** A new photo essay: no pictures yet. */
export const EmptyEssay: Story = {}

/** Saved empty: the title, the slug and the pictures say what they need, and focus is on the title. */
export const EmptyEssayErrors: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save Photo Essay' }))
  },
}

/** An essay of three pictures, loaded to edit. */
export const Editing: Story = { args: { mode: 'edit', values: loadedEssay() } }

/** Someone else has the essay open: the line under the heading says who. */
export const WithAnotherEditor: Story = {
  args: {
    mode: 'edit',
    values: loadedEssay(),
    notice: <EditorsPresent editors={[{ key: 'k1', name: 'jane.reed@resonance.test', role: 'editor', since: '2026-11-24T10:04:00Z' }]} />,
  },
}

/** A long essay of twelve pictures. */
/** A draft made from an older published essay: the notice, the comparison and the choices above the fields. */
export const StaleDraftBesideLive: Story = {
  args: {
    mode: 'edit',
    values: loadedEssay(),
    draft: {
      stale: true,
      kept: false,
      compare: (values) => [
        { field: 'title', label: 'Title', kind: 'changed', revision: 'Night shift on the Thames', current: values.title },
        { field: 'description', label: 'Introduction', kind: 'changed', revision: 'The people who keep the river moving.', current: values.description },
      ],
    },
  },
}

export const ManyPictures: Story = { args: { mode: 'edit', values: loadedEssay(manyPictures) } }

/** Two new files on their way to the content service. */
export const Uploading: Story = {
  args: { mode: 'edit', values: loadedEssay(essayPictures.slice(0, 1)), uploadImage: fn<UploadImage>(slowUpload) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText('Add pictures'), [new File([new Uint8Array([255, 216, 255])], 'tug.jpg', { type: 'image/jpeg' }), new File([new Uint8Array([255, 216, 255])], 'pilot.jpg', { type: 'image/jpeg' })])
  },
}

/** A file the service refused. */
export const UploadFailed: Story = {
  args: { uploadImage: fn<UploadImage>(async () => Promise.reject(new Error('Insufficient permissions; permission "create" required'))) },
  play: async ({ canvasElement }) => {
    await userEvent.upload(within(canvasElement).getByLabelText('Add pictures'), new File([new Uint8Array([255, 216, 255])], 'tug.jpg', { type: 'image/jpeg' }))
  },
}

/** Saved with a picture that has no alt text: that picture says so, and has focus. */
export const MissingAltText: Story = {
  args: { mode: 'edit', values: loadedEssay([essayPictures[0]!, { ...essayPictures[1]!, alt: '' }, essayPictures[2]!]) },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save Photo Essay' }))
  },
}

/** Another photo essay has the slug. */
export const SlugTaken: Story = { args: { mode: 'edit', values: loadedEssay(), takenSlug: 'night-shift-on-the-river' } }

export const Saving: Story = { args: { mode: 'edit', values: loadedEssay(), saving: true } }

/** Someone else saved the essay first: only their version can be loaded now. */
export const Conflict: Story = { args: { mode: 'edit', values: loadedEssay(), conflict: true, error: essayMessages.conflict } }

export const Loading: Story = { args: { status: 'loading', mode: 'edit' } }

export const LoadFailed: Story = { args: { status: 'loadFailed', mode: 'edit', loadError: 'Network error' } }

export const NotFound: Story = { args: { status: 'notFound', mode: 'edit' } }
