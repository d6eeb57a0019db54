import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ContactForm } from './ContactForm.tsx'
import { ContactPage } from './ContactPage.tsx'

describe('ContactPage', () => {
  it('has one h1, the form and the details', () => {
    render(<ContactPage form={<ContactForm onSubmit={async () => ({ ok: true })} />} />)
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Contact Us'])
    expect(screen.getByRole('form', { name: 'Send us a message' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Office hours' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Media enquiries' })).toBeTruthy()
  })

  it('confirms a message sent from the page', async () => {
    const user = userEvent.setup()
    render(
      <ContactPage
        form={<ContactForm onSubmit={async () => ({ ok: true })} initialValues={{ fullName: 'Tom Reader', email: 'tom@example.com', subject: 'Tip', message: 'Roadworks on the A2.' }} />}
      />,
    )
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(screen.getByRole('status').textContent).toBe('Thank you, Tom Reader. Your message has been received.')
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('')
  })
})
