import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { emptyDraft, type EditionDraft } from '../../content/admin/newsletters.ts'
import { EditionComposer, type EditionComposerProps } from './EditionComposer.tsx'
import { preview, stories } from './Newsletters.fixtures.ts'

type Handlers = Pick<EditionComposerProps, 'onSave' | 'onPreview' | 'onTest' | 'onAskSend' | 'onConfirmSend' | 'onCancelSend' | 'onSchedule' | 'onUnschedule' | 'onSearch'>

function handlers(): Handlers {
  return { onSave: vi.fn(), onPreview: vi.fn(), onTest: vi.fn(), onAskSend: vi.fn(), onConfirmSend: vi.fn(), onCancelSend: vi.fn(), onSchedule: vi.fn(), onUnschedule: vi.fn(), onSearch: vi.fn() }
}

/** The composer with its draft kept as the page keeps it: each edit shown at once. */
function Composer({ initial = emptyDraft, ...props }: Partial<EditionComposerProps> & { initial?: EditionDraft }) {
  const [draft, setDraft] = useState(initial)
  return (
    <EditionComposer
      mode="new"
      draft={draft}
      errors={{}}
      preview={null}
      message={null}
      busy={null}
      confirming={false}
      scheduled={null}
      recipients={3}
      testAddress="editor@resonance.example"
      search={{ q: '', results: { status: 'ready', data: stories } }}
      onEdit={setDraft}
      now={() => new Date('2026-11-27T10:00:00Z')}
      {...handlers()}
      {...props}
    />
  )
}

const picked = () => within(screen.getByRole('list', { name: 'Stories in this edition, in order' })).getAllByRole('listitem').map((li) => li.querySelector('.edition-composer__story-title')?.textContent)

describe('EditionComposer', () => {
  it('picks published stories, orders and removes them', async () => {
    const user = userEvent.setup()
    render(<Composer />)
    expect(screen.getByRole('heading', { level: 1, name: 'New edition of From the Editors' })).toBeTruthy()
    expect(screen.getByText('No stories picked yet. Find them below.')).toBeTruthy()
    expect(screen.getByText('The 3 latest published stories.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add “Night buses return to the northern line”' }))
    await user.click(screen.getByRole('button', { name: 'Add “The last bakery on Mill Street”' }))
    expect(picked()).toEqual(['Night buses return to the northern line', 'The last bakery on Mill Street'])
    expect(screen.getByRole('button', { name: '“Night buses return to the northern line” is in the edition' }).hasAttribute('disabled')).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Move “The last bakery on Mill Street” up' }))
    expect(picked()).toEqual(['The last bakery on Mill Street', 'Night buses return to the northern line'])
    await user.click(screen.getByRole('button', { name: 'Remove “The last bakery on Mill Street”' }))
    expect(picked()).toEqual(['Night buses return to the northern line'])
  })

  it('hands each action to the page, and refuses a time to send that has passed', async () => {
    const user = userEvent.setup()
    const calls = handlers()
    render(<Composer {...calls} initial={{ subject: 'This week', intro: '', stories: [stories[0]!] }} />)
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await user.click(screen.getByRole('button', { name: 'Preview' }))
    await user.click(screen.getByRole('button', { name: 'Send test to me' }))
    await user.click(screen.getByRole('button', { name: 'Send now' }))
    expect([calls.onSave, calls.onPreview, calls.onTest, calls.onAskSend].map((f) => vi.mocked(f).mock.calls.length)).toEqual([1, 1, 1, 1])
    expect(screen.getByText('A test goes to editor@resonance.example only, with links that work for nobody else.')).toBeTruthy()
    const at = screen.getByLabelText('Send at (your time)')
    await user.type(at, '2026-11-01T07:00')
    await user.click(screen.getByRole('button', { name: 'Schedule' }))
    expect(screen.getByText('Please choose a date and time in the future.')).toBeTruthy()
    expect(calls.onSchedule).not.toHaveBeenCalled()
    await user.clear(at)
    await user.type(at, '2026-12-01T07:30')
    await user.click(screen.getByRole('button', { name: 'Schedule' }))
    expect(calls.onSchedule).toHaveBeenCalledWith(new Date('2026-12-01T07:30').toISOString())
  })

  it('asks before sending, naming how many will receive it', () => {
    render(<Composer confirming recipients={1234} initial={{ subject: 'This week', intro: '', stories: [stories[0]!] }} />)
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText('Send this edition now to 1,234 confirmed subscribers of From the Editors?')).toBeTruthy()
    expect(within(dialog).getByText('“This week” goes to each of them once. This cannot be called back.')).toBeTruthy()
  })

  it('shows each field’s problem, the service’s refusal, and the preview', () => {
    render(<Composer errors={{ subject: 'Please enter a subject.', stories: 'Please pick at least one story.' }} message={{ tone: 'problem', text: 'Someone saved this edition after you opened it.' }} preview={preview} />)
    expect(screen.getByText('Please enter a subject.')).toBeTruthy()
    expect(screen.getByText('Please pick at least one story.')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Someone saved this edition after you opened it.')
    expect(screen.getByRole('heading', { level: 2, name: 'Preview' })).toBeTruthy()
  })

  it('keeps a scheduled edition as it is until its schedule is cancelled', async () => {
    const calls = handlers()
    render(<Composer {...calls} mode="edit" scheduled="2026-11-29T08:00:00Z" initial={{ subject: 'Sunday reading', intro: '', stories: [stories[0]!] }} />)
    expect(screen.getByText(/^Scheduled for .*2026/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull()
    expect(screen.getByLabelText('Subject').hasAttribute('readonly')).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel schedule' }))
    expect(calls.onUnschedule).toHaveBeenCalledOnce()
  })
})
