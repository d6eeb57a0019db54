import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { EditionPreview } from './EditionPreview.tsx'
import { preview } from './Newsletters.fixtures.ts'

describe('EditionPreview', () => {
  it('without a preview address, shows the email written into a frame where nothing runs, saying its styles are left out, at a phone’s width, a desktop’s, or as plain text', async () => {
    render(<EditionPreview preview={preview} />)
    expect(screen.getByText('A week of the night economy')).toBeTruthy()
    expect(screen.getByText(/its styles do not apply in the admin/)).toBeTruthy()
    const phone = screen.getByTitle("The email's HTML, phone (390 px)")
    expect(phone.getAttribute('sandbox')).toBe('')
    expect(phone.getAttribute('srcdoc')).toBe(preview.html)
    expect(screen.getByRole('button', { name: 'Phone (390 px)' }).getAttribute('aria-pressed')).toBe('true')
    await userEvent.click(screen.getByRole('button', { name: 'Desktop (800 px)' }))
    expect(screen.getByTitle("The email's HTML, desktop (800 px)").getAttribute('width')).toBe('800')
    await userEvent.click(screen.getByRole('button', { name: 'Plain text' }))
    expect(screen.queryByTitle(/The email's HTML/)).toBeNull()
    expect(screen.getByLabelText("The email's plain text").textContent).toBe(preview.text)
  })

  it('loads the email from the service’s preview address when there is one, where its styles apply', () => {
    const address = 'https://paper.example/newsletters/preview?token=abc.def'
    render(<EditionPreview preview={{ ...preview, address }} />)
    expect(screen.getByText(/Exactly as subscribers get it: the email’s own HTML and styles/)).toBeTruthy()
    expect(screen.queryByText(/its styles do not apply/)).toBeNull()
    const frame = screen.getByTitle("The email's HTML, phone (390 px)")
    expect(frame.getAttribute('src')).toBe(address)
    expect(frame.getAttribute('srcdoc')).toBeNull()
    expect(frame.getAttribute('sandbox')).toBe('')
  })
})
