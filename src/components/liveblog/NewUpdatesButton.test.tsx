import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { NewUpdatesButton } from './NewUpdatesButton.tsx'

describe('NewUpdatesButton', () => {
  it('names how many new updates wait, and brings them when pressed', () => {
    const onShow = vi.fn()
    const { rerender } = render(<NewUpdatesButton count={1} onShow={onShow} />)
    fireEvent.click(screen.getByRole('button', { name: '1 new update' }))
    expect(onShow).toHaveBeenCalledTimes(1)
    rerender(<NewUpdatesButton count={3} onShow={onShow} />)
    expect(screen.getByRole('button').textContent).toBe('↑ 3 new updates')
  })

  it('is not there when nothing waits', () => {
    const { container } = render(<NewUpdatesButton count={0} onShow={() => {}} />)
    expect(container.innerHTML).toBe('')
  })
})
