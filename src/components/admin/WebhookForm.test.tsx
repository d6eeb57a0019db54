import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { WebhookForm, type WebhookFormProps } from './WebhookForm.tsx'

function setup(overrides: Partial<WebhookFormProps> = {}) {
  const onSubmit = vi.fn()
  const user = userEvent.setup()
  const view = render(<WebhookForm dataset="production" onSubmit={onSubmit} {...overrides} />)
  return { onSubmit, user, ...view }
}

const messageOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-error'))!)?.textContent

describe('WebhookForm', () => {
  it('says which dataset it watches and offers every field with a name', () => {
    setup()
    expect(screen.getByRole('heading', { level: 2, name: 'New webhook' })).toBeTruthy()
    expect(screen.getByText('production').tagName).toBe('STRONG')
    for (const name of ['Name', 'URL', 'Filter (GROQ)', 'Projection (GROQ)', 'Secret']) expect(screen.getByLabelText(name)).toBeTruthy()
    const triggers = screen.getByRole('group', { name: 'Send on' })
    expect(within(triggers).getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([true, true, true])
    expect((screen.getByRole('checkbox', { name: 'Also send changes to drafts' }) as HTMLInputElement).checked).toBe(false)
  })

  it('sends what was typed once the URL, a trigger and the secret are there', { timeout: 20_000 }, async () => {
    const { user, onSubmit } = setup()
    const fill = async (label: string, text: string) => {
      await user.clear(screen.getByLabelText(label))
      await user.click(screen.getByLabelText(label))
      await user.paste(text)
    }
    await fill('Name', 'Purge')
    await fill('URL', 'http://127.0.0.1:6081/purge')
    await fill('Filter (GROQ)', '_type == "author"')
    await user.click(screen.getByRole('checkbox', { name: 'Create' }))
    await user.click(screen.getByRole('checkbox', { name: 'Also send changes to drafts' }))
    await fill('Secret', 'shh')
    await user.click(screen.getByRole('button', { name: 'Create webhook' }))
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Purge',
      url: 'http://127.0.0.1:6081/purge',
      filter: '_type == "author"',
      projection: '',
      triggers: { create: false, update: true, delete: true },
      includeDrafts: true,
      secret: 'shh',
    })
  })

  it('says what is missing at each field, moves focus to the first, and sends nothing', { timeout: 20_000 }, async () => {
    const { user, onSubmit } = setup()
    await user.click(screen.getByLabelText('URL'))
    await user.paste('ftp://files.example/x')
    for (const name of ['Create', 'Update', 'Delete']) await user.click(screen.getByRole('checkbox', { name }))
    await user.click(screen.getByRole('button', { name: 'Create webhook' }))
    expect(onSubmit).not.toHaveBeenCalled()
    const url = screen.getByLabelText('URL')
    expect(document.activeElement).toBe(url)
    expect(url.getAttribute('aria-invalid')).toBe('true')
    expect(messageOf(url)).toBe('The URL must start with http:// or https://.')
    expect(screen.getByText('Choose at least one of create, update and delete.')).toBeTruthy()
    expect(messageOf(screen.getByLabelText('Secret'))).toBe('Enter a secret: each delivery is signed with it.')
    // A corrected field's message goes as it is changed.
    await user.type(url, 's')
    expect(url.getAttribute('aria-invalid')).toBeNull()
  })

  it('shows the service’s message at the field it is about, such as a filter that does not parse', async () => {
    const { rerender, user } = setup()
    const serverErrors = { filter: 'The filter is not valid GROQ: Syntax error in GROQ query at position 8: Expected expression' }
    rerender(<WebhookForm dataset="production" onSubmit={() => {}} serverErrors={serverErrors} />)
    const filter = screen.getByLabelText('Filter (GROQ)')
    expect(filter.getAttribute('aria-invalid')).toBe('true')
    expect(messageOf(filter)).toBe(serverErrors.filter)
    await user.type(filter, ' && true')
    expect(filter.getAttribute('aria-invalid')).toBeNull()
  })

  it('says when it could not be sent at all, and waits while it is being created', async () => {
    const { rerender, user } = setup({ formError: 'The webhook was not created: Could not reach the content service.' })
    expect(screen.getByRole('alert').textContent).toBe('The webhook was not created: Could not reach the content service.')
    const onSubmit = vi.fn()
    rerender(<WebhookForm dataset="production" onSubmit={onSubmit} busy />)
    const button = screen.getByRole('button', { name: 'Creating...' })
    expect(button.getAttribute('aria-disabled')).toBe('true')
    await user.click(button)
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
