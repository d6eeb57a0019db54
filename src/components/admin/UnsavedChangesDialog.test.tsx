import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { UnsavedChangesDialog } from './UnsavedChangesDialog.tsx'

describe('UnsavedChangesDialog', () => {
  it('asks whether to leave and lose the edits, with Stay focused', () => {
    render(<UnsavedChangesDialog open onStay={() => {}} onLeave={() => {}} />)
    expect(screen.getByRole('dialog', { name: 'Unsaved changes', description: 'You have unsaved changes. Leave this page and lose them?' })).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay' }))
    expect(screen.getByRole('button', { name: 'Leave' })).toBeTruthy()
  })

  it('Stay and Escape keep the editor on the form; Leave lets them go', async () => {
    const user = userEvent.setup()
    const onStay = vi.fn()
    const onLeave = vi.fn()
    render(<UnsavedChangesDialog open onStay={onStay} onLeave={onLeave} />)
    await user.click(screen.getByRole('button', { name: 'Stay' }))
    expect(onStay).toHaveBeenCalledTimes(1)
    await user.keyboard('{Escape}')
    expect(onStay).toHaveBeenCalledTimes(2)
    expect(onLeave).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Leave' }))
    expect(onLeave).toHaveBeenCalledTimes(1)
  })

  it('shows nothing while closed', () => {
    render(<UnsavedChangesDialog open={false} onStay={() => {}} onLeave={() => {}} />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
