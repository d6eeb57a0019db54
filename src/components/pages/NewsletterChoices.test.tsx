import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { newsletters, type NewsletterId } from '../../../shared/newsletters.ts'
import { NewsletterChoices } from './NewsletterChoices.tsx'

function Choosing({ start, changes }: { start: NewsletterId[]; changes: NewsletterId[][] }) {
  const [value, setValue] = useState(start)
  return (
    <NewsletterChoices
      newsletters={newsletters}
      legend="Your newsletters"
      value={value}
      onChange={(next) => {
        changes.push(next)
        setValue(next)
      }}
    />
  )
}

describe('NewsletterChoices', () => {
  it('names each newsletter on its box, with what it holds and when it comes at the morning time given', () => {
    render(<NewsletterChoices newsletters={newsletters} legend="Your newsletters" value={['editors-edition']} onChange={() => {}} morningTime="06:30" />)
    expect(screen.getByRole('group', { name: 'Your newsletters' })).toBeTruthy()
    const morning = screen.getByRole('checkbox', { name: 'The Morning Briefing' }) as HTMLInputElement
    expect(morning.checked).toBe(false)
    expect((screen.getByRole('checkbox', { name: 'From the Editors' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.getByText('Every morning at 06:30 London time, on days with new stories.').id).toBe(morning.getAttribute('aria-describedby')!.split(' ')[1])
  })

  it('keeps the choice in the list order, whichever box is ticked first', async () => {
    const changes: NewsletterId[][] = []
    render(<Choosing start={[]} changes={changes} />)
    const user = userEvent.setup()
    await user.click(screen.getByText('Stories the editors pick, with a short note on why they matter.'))
    await user.click(screen.getByRole('checkbox', { name: 'The Morning Briefing' }))
    await user.click(screen.getByRole('checkbox', { name: 'From the Editors' }))
    expect(changes).toEqual([['editors-edition'], ['morning-briefing', 'editors-edition'], ['morning-briefing']])
  })

  it('describes the group by its problem', () => {
    render(<NewsletterChoices newsletters={newsletters} legend="Your newsletters" value={[]} onChange={() => {}} error="Please choose at least one newsletter." />)
    const group = screen.getByRole('group', { name: 'Your newsletters' })
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toBe('Please choose at least one newsletter.')
  })
})
