import type { Meta, StoryObj } from '@storybook/react-vite'
import { FormField, type FieldControl } from './FormField.tsx'

const textInput = (control: FieldControl) => <input {...control.props} type="text" placeholder="Enter article title" defaultValue="" />

const meta = {
  title: 'Admin/FormField',
  component: FormField,
  parameters: { layout: 'padded' },
  args: { id: 'story-title', label: 'Title', children: textInput },
} satisfies Meta<typeof FormField>

export default meta
type Story = StoryObj<typeof meta>

export const Plain: Story = {}

export const WithHint: Story = {
  args: {
    id: 'story-excerpt',
    label: 'Excerpt',
    hint: 'A sentence or two for the homepage and article cards.',
    children: (control) => <textarea id={control.id} aria-describedby={control.describedBy} rows={3} />,
  },
}

/** Invalid: the control is marked and described by its messages. */
export const WithErrors: Story = {
  args: {
    id: 'story-slug',
    label: 'Slug',
    hint: 'The article’s address: /article/Night Buses',
    errors: ['Slug can only contain lowercase letters, numbers, and hyphens.', 'This slug is already used by another article.'],
    children: (control) => <input {...control.props} type="text" defaultValue="Night Buses" />,
  },
}

export const Select: Story = {
  args: {
    id: 'story-author',
    label: 'Author',
    errors: ['Please select an author.'],
    children: (control) => (
      <select {...control.props} defaultValue="">
        <option value="">Select an author</option>
        <option value="priya">Priya Raman</option>
      </select>
    ),
  },
}

/** A control a <label for> cannot name, labelled by id; a click on the label focuses it. */
export const EditableArea: Story = {
  args: {
    id: 'story-content',
    label: 'Content',
    nativeControl: false,
    errors: ['Content is too short.'],
    children: (control) => (
      <div
        id={control.id}
        role="textbox"
        aria-multiline="true"
        contentEditable
        suppressContentEditableWarning
        tabIndex={0}
        aria-labelledby={control.labelId}
        aria-invalid={control.invalid || undefined}
        aria-describedby={control.describedBy}
        style={{ border: '1px solid #767676', minHeight: '4rem', padding: '0.5rem' }}
      />
    ),
  },
}
