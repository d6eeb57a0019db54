import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ActionStatus } from './ActionStatus.tsx'

describe('ActionStatus', () => {
  it('says what is under way, and nothing of the last action meanwhile', () => {
    render(<ActionStatus busyLabel="Sending..." message={{ tone: 'problem', text: 'Could not reach the content service.' }} />)
    expect(screen.getByRole('status').textContent).toBe('Sending...')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says what the last action did once nothing is under way', () => {
    render(<ActionStatus busyLabel={null} message={{ tone: 'done', text: 'Saved.' }} />)
    expect(screen.getByRole('status').textContent).toBe('Saved.')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('announces a problem in an alert, leaving the status empty', () => {
    render(<ActionStatus busyLabel={null} message={{ tone: 'problem', text: 'The Morning Briefing was already sent today.' }} />)
    expect(screen.getByRole('alert').textContent).toBe('The Morning Briefing was already sent today.')
    expect(screen.getByRole('status').textContent).toBe('')
  })
})
