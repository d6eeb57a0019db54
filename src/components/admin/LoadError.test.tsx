import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { LoadError } from './LoadError.tsx'

describe('LoadError', () => {
  it('announces what failed and why, and tries again on request', async () => {
    let retries = 0
    render(<LoadError what="the outbox" message="The service did not answer." onRetry={() => retries++} />)
    expect(screen.getByRole('alert').textContent).toBe('Failed to load the outbox.The service did not answer.Try again')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retries).toBe(1)
  })

  it('offers no button when there is no way to try again', () => {
    render(<LoadError what="articles" message="Forbidden" />)
    expect(screen.queryByRole('button')).toBeNull()
  })
})
