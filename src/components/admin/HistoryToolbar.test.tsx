import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { HistoryToolbar } from './HistoryToolbar.tsx'

describe('HistoryToolbar', () => {
  it('opens the preview in a new tab and says so', () => {
    render(<HistoryToolbar previewHref="/article/a-story?preview" historyOpen={false} onToggleHistory={vi.fn()} />)
    const link = screen.getByRole('link', { name: 'Preview (opens in a new tab)' })
    expect(link.getAttribute('href')).toBe('/article/a-story?preview')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
  })

  it('asks for a slug before there is anything to preview', () => {
    render(<HistoryToolbar previewHref={null} historyOpen={false} onToggleHistory={vi.fn()} />)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByText('Save the article with a slug to preview it.')).toBeTruthy()
  })

  it('shows the history it controls only while open', async () => {
    const onToggle = vi.fn()
    const { rerender } = render(
      <HistoryToolbar previewHref={null} historyOpen={false} onToggleHistory={onToggle}>
        <p>The panel</p>
      </HistoryToolbar>,
    )
    const toggle = screen.getByRole('button', { name: 'History' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByText('The panel')).toBeNull()
    await userEvent.click(toggle)
    expect(onToggle).toHaveBeenCalled()
    rerender(
      <HistoryToolbar previewHref={null} historyOpen onToggleHistory={onToggle}>
        <p>The panel</p>
      </HistoryToolbar>,
    )
    expect(screen.getByRole('button', { name: 'Hide history' }).getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText('The panel')).toBeTruthy()
  })
})
