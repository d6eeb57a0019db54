import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FormField } from './FormField.tsx'

const described = (element: HTMLElement) => (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)

describe('FormField', () => {
  it('names its control by the label, and leaves a valid control undescribed', () => {
    render(<FormField id="title" label="Title">{(control) => <input {...control.props} type="text" />}</FormField>)
    const input = screen.getByRole('textbox', { name: 'Title' })
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(input.getAttribute('aria-describedby')).toBeNull()
  })

  it('describes the control by its hint', () => {
    render(
      <FormField id="excerpt" label="Excerpt" hint="A sentence or two for the homepage and article cards.">
        {(control) => <textarea id={control.id} aria-describedby={control.describedBy} />}
      </FormField>,
    )
    expect(described(screen.getByRole('textbox', { name: 'Excerpt' }))).toEqual(['A sentence or two for the homepage and article cards.'])
  })

  it('shows each message, marks the control invalid and describes it by hint and messages', () => {
    render(
      <FormField id="slug" label="Slug" hint="The article’s address" errors={['Slug must be at least 3 characters long.', 'Slug can only contain lowercase letters, numbers, and hyphens.']}>
        {(control) => <input {...control.props} type="text" />}
      </FormField>,
    )
    const input = screen.getByRole('textbox', { name: 'Slug' })
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Slug must be at least 3 characters long.')).toBeTruthy()
    expect(screen.getByText('Slug can only contain lowercase letters, numbers, and hyphens.')).toBeTruthy()
    expect(described(input)).toEqual(['The article’s address', 'Slug must be at least 3 characters long.Slug can only contain lowercase letters, numbers, and hyphens.'])
  })

  it('labels a control that is not a form control by id, and focuses it from a click on the label', async () => {
    render(
      <FormField id="content" label="Content" nativeControl={false} errors={['Content is too short.']}>
        {(control) => <div id={control.id} role="textbox" tabIndex={0} aria-labelledby={control.labelId} aria-invalid={control.invalid} aria-describedby={control.describedBy} />}
      </FormField>,
    )
    const area = screen.getByRole('textbox', { name: 'Content' })
    expect(area.getAttribute('aria-invalid')).toBe('true')
    expect(described(area)).toEqual(['Content is too short.'])
    await userEvent.click(screen.getByText('Content'))
    expect(document.activeElement).toBe(area)
  })
})
