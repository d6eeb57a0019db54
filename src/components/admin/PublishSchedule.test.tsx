import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { PublishSchedule, type PublishScheduleProps, type PublishWhen } from './PublishSchedule.tsx'

const base: PublishScheduleProps = {
  scheduled: null,
  offered: true,
  when: 'now',
  at: '',
  error: null,
  busy: false,
  onWhenChange: () => {},
  onAtChange: () => {},
  onCancelSchedule: () => {},
}

/** The control as the form holds it: the choice and the time in state. */
function Held(props: Partial<PublishScheduleProps>) {
  const [when, setWhen] = useState<PublishWhen>('now')
  const [at, setAt] = useState('')
  return <PublishSchedule {...base} {...props} when={when} at={at} onWhenChange={setWhen} onAtChange={setAt} />
}

describe('PublishSchedule', () => {
  it('offers Publish now, chosen, and Schedule for', () => {
    render(<PublishSchedule {...base} />)
    expect(screen.getByRole('group', { name: 'When' })).toBeTruthy()
    expect((screen.getByRole('radio', { name: 'Publish now' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('radio', { name: 'Schedule for' }) as HTMLInputElement).checked).toBe(false)
    expect(screen.queryByLabelText('Date and time (London time)')).toBeNull()
  })

  it('asks for a date and time in London time once Schedule for is chosen', async () => {
    const user = userEvent.setup()
    render(<Held />)
    await user.click(screen.getByText('Schedule for'))
    expect((screen.getByRole('radio', { name: 'Schedule for' }) as HTMLInputElement).checked).toBe(true)
    const at = screen.getByLabelText('Date and time (London time)')
    expect(at.getAttribute('type')).toBe('datetime-local')
    expect(screen.getByText(/The paper runs on London time/)).toBeTruthy()
  })

  it('says why a time cannot be scheduled, tied to the field', () => {
    render(<PublishSchedule {...base} when="later" at="2020-01-01T07:00" error="Choose a time in the future." />)
    const at = screen.getByLabelText('Date and time (London time)')
    expect(at.getAttribute('aria-invalid')).toBe('true')
    expect(at.getAttribute('aria-describedby')).toContain('article-schedule-at-error')
    expect(document.getElementById('article-schedule-at-error')?.textContent).toBe('Choose a time in the future.')
  })

  it('says when a scheduled article goes live on London’s clock and cancels the schedule', async () => {
    const cancel = vi.fn()
    render(<PublishSchedule {...base} offered={false} scheduled={{ id: 'sch-1', executeAt: '2026-07-01T06:00:00.000Z' }} onCancelSchedule={cancel} />)
    expect(screen.getByRole('status').textContent).toContain('Scheduled for Wed 1 Jul 2026, 07:00 London time')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel schedule' }))
    expect(cancel).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('group', { name: 'When' })).toBeNull()
  })

  it('says of a live article that its changes wait in a draft while readers keep the published version', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<Held live />)
    await user.click(screen.getByText('Schedule for'))
    expect(screen.getByText(/Saving keeps the changes in a draft until then; readers see the published version\./)).toBeTruthy()
    rerender(<PublishSchedule {...base} live offered={false} scheduled={{ id: 'sch-2', executeAt: '2026-07-01T06:00:00.000Z' }} />)
    expect(screen.getByRole('status').textContent).toBe('Changes scheduled for Wed 1 Jul 2026, 07:00 London time. Until then readers see the published version.')
    expect(screen.getByRole('button', { name: 'Cancel schedule' })).toBeTruthy()
  })

  it('shows the cancel as busy while it is under way', () => {
    render(<PublishSchedule {...base} busy scheduled={{ id: 'sch-1', executeAt: '2026-12-01T07:00:00.000Z' }} />)
    expect(screen.getByRole('button', { name: 'Cancelling...' }).getAttribute('aria-disabled')).toBe('true')
  })

  it('offers nothing while it is not offered and nothing is scheduled', () => {
    render(<PublishSchedule {...base} offered={false} />)
    expect(screen.queryByRole('radio')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
