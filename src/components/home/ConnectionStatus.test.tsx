import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ConnectionStatus } from './ConnectionStatus.tsx'

describe('ConnectionStatus', () => {
  it('announces each state politely', () => {
    const { rerender } = render(<ConnectionStatus status="connecting" pollSeconds={10} />)
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toBe('Connecting…')
    rerender(<ConnectionStatus status="live" pollSeconds={10} />)
    expect(status.textContent).toBe('Live')
    rerender(<ConnectionStatus status="polling" pollSeconds={10} />)
    expect(status.textContent).toBe('Updating every 10 seconds')
  })

  it('offers to try again when offline', () => {
    const retry = vi.fn()
    render(<ConnectionStatus status="offline" pollSeconds={10} onRetry={retry} />)
    expect(screen.getByRole('status').textContent).toContain('Offline. Trying to reconnect…')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalledOnce()
  })
})
