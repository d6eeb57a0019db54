import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AutosaveStatus } from './AutosaveStatus.tsx'

describe('AutosaveStatus', () => {
  it('is an empty polite status before anything is saved', () => {
    render(<AutosaveStatus saving={false} savedAt={null} error={null} />)
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toBe('')
  })

  it('says a draft is being saved, then when it was saved on London’s clock', () => {
    const { rerender } = render(<AutosaveStatus saving savedAt={null} error={null} />)
    expect(screen.getByRole('status').textContent).toBe('Saving draft...')
    rerender(<AutosaveStatus saving={false} savedAt="2026-07-01T08:30:00Z" error={null} />)
    expect(screen.getByRole('status').textContent).toBe('Draft saved at 09:30')
  })

  it('says why the draft could not be saved', () => {
    render(<AutosaveStatus saving={false} savedAt="2026-11-24T14:05:00Z" error="Failed to fetch" />)
    expect(screen.getByRole('status').textContent).toBe('The draft could not be saved: Failed to fetch')
  })
})
