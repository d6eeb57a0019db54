import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { Correction } from '../../../shared/corrections.ts'
import { CorrectionsField } from './CorrectionsField.tsx'

const published: Correction = { _key: 'old', _type: 'correction', kind: 'correction', text: 'An earlier version gave the wrong route; it is the N29.', date: '2026-03-03' }

/** The field as the form holds it: its value kept, and what each change made it. */
function Harness({ initial, changes }: { initial: Correction[]; changes: Correction[][] }) {
  const [value, setValue] = useState(initial)
  let n = 0
  return (
    <CorrectionsField
      value={value}
      today="2026-03-07"
      newKey={() => `new${++n}`}
      onChange={(next) => {
        changes.push(next)
        setValue(next)
      }}
    />
  )
}

describe('CorrectionsField', () => {
  it('lists the story’s corrections as readers will read them, with none to remove once published', () => {
    render(<Harness initial={[published]} changes={[]} />)
    const group = screen.getByRole('group', { name: 'Corrections' })
    const list = within(group).getByRole('list', { name: 'Corrections on this article' })
    expect(within(list).getByText('This article was amended on 3 March 2026. An earlier version gave the wrong route; it is the N29.')).toBeTruthy()
    expect(within(list).getByText('Correction, 3 March 2026')).toBeTruthy()
    expect(within(list).queryByRole('button')).toBeNull()
  })

  it('adds a clarification with its kind, day and words, dated today unless the editor picks a day', async () => {
    const user = userEvent.setup()
    const changes: Correction[][] = []
    render(<Harness initial={[published]} changes={changes} />)
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-03-07')
    await user.selectOptions(screen.getByLabelText('Kind'), 'clarification')
    await user.type(screen.getByLabelText('What was corrected or clarified'), 'Fares are for Oyster and contactless.')
    await user.click(screen.getByRole('button', { name: 'Add clarification' }))
    expect(changes.at(-1)).toEqual([published, { _key: 'new1', _type: 'correction', kind: 'clarification', text: 'Fares are for Oyster and contactless.', date: '2026-03-07' }])
    expect(screen.getByText('Clarification, 7 March 2026')).toBeTruthy()
    expect(screen.getByText('(not yet saved)')).toBeTruthy()
    expect((screen.getByLabelText('What was corrected or clarified') as HTMLTextAreaElement).value).toBe('')

    // One added since the form opened can be taken back.
    await user.click(screen.getByRole('button', { name: 'Remove the clarification of 7 March 2026' }))
    expect(changes.at(-1)).toEqual([published])
  })

  it('refuses a correction without words, or longer than 1,000 characters, saying why', async () => {
    const user = userEvent.setup()
    const changes: Correction[][] = []
    render(<Harness initial={[]} changes={changes} />)
    expect(screen.getByText('No corrections on this article.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add correction' }))
    expect(screen.getByRole('alert').textContent).toBe('Say what was corrected or clarified.')
    const text = screen.getByLabelText('What was corrected or clarified')
    expect(text.getAttribute('aria-invalid')).toBe('true')
    await user.click(text)
    await user.paste('x'.repeat(1001))
    expect(screen.getByText(/1,001 of 1,000 characters/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add correction' }))
    expect(screen.getByRole('alert').textContent).toBe('A correction can be at most 1,000 characters (this one has 1,001).')
    expect(changes).toEqual([])
  })
})
