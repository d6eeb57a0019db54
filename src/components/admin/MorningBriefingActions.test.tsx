import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MorningBriefingActions, type MorningBriefingActionsProps } from './MorningBriefingActions.tsx'
import { preview } from './Newsletters.fixtures.ts'

function props(over: Partial<MorningBriefingActionsProps> = {}): MorningBriefingActionsProps {
  return {
    preview: null,
    message: null,
    busy: null,
    confirming: false,
    recipients: 1204,
    testAddress: 'editor@resonance.example',
    onPreview: vi.fn(),
    onClosePreview: vi.fn(),
    onTest: vi.fn(),
    onAskSend: vi.fn(),
    onConfirmSend: vi.fn(),
    onCancelSend: vi.fn(),
    ...over,
  }
}

describe('MorningBriefingActions', () => {
  it('offers a preview, a test to the editor and Send now, and does nothing while a call runs', async () => {
    const user = userEvent.setup()
    const idle = props()
    const { rerender } = render(<MorningBriefingActions {...idle} />)
    await user.click(screen.getByRole('button', { name: 'Preview' }))
    await user.click(screen.getByRole('button', { name: 'Send test to me' }))
    await user.click(screen.getByRole('button', { name: 'Send now' }))
    expect([idle.onPreview, idle.onTest, idle.onAskSend].map((f) => vi.mocked(f).mock.calls.length)).toEqual([1, 1, 1])
    expect(screen.getByText('A test goes to editor@resonance.example only, with links that work for nobody else.')).toBeTruthy()
    const busy = props({ busy: 'testing' })
    rerender(<MorningBriefingActions {...busy} />)
    expect(screen.getByRole('status').textContent).toBe('Sending the test...')
    await user.click(screen.getByRole('button', { name: 'Send now' }))
    expect(busy.onAskSend).not.toHaveBeenCalled()
  })

  it('asks before sending, naming how many will receive it', async () => {
    const asking = props({ confirming: true })
    render(<MorningBriefingActions {...asking} />)
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText('Send today’s Morning Briefing now to 1,204 confirmed subscribers?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }))
    expect(asking.onConfirmSend).toHaveBeenCalledOnce()
  })

  it('shows the preview, says when the front page has nothing to send, and shows the service’s refusal', () => {
    render(<MorningBriefingActions {...props({ preview: { ...preview, empty: true }, message: { tone: 'problem', text: 'No Morning Briefing sent: nothing has been published since the last one' } })} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Preview' })).toBeTruthy()
    expect(screen.getByText('The front page has no published stories now, so no Morning Briefing would be sent.')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('No Morning Briefing sent: nothing has been published since the last one')
  })
})
