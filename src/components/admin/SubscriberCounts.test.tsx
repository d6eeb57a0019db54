import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SubscriberCounts } from './SubscriberCounts.tsx'

const figures = () => screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent])

describe('SubscriberCounts', () => {
  it('gives each status its count and what it means', () => {
    render(<SubscriberCounts counts={{ pending: 14, confirmed: 12040, unsubscribed: 0 }} />)
    expect(figures()).toEqual([
      ['Pending', '14'],
      ['Confirmed', '12,040'],
      ['Unsubscribed', '0'],
    ])
    expect(screen.getByText('confirmed by email, receiving the newsletters they chose')).toBeTruthy()
  })

  it('shows no figures while they load', () => {
    render(<SubscriberCounts counts={null} />)
    expect(figures().map(([, figure]) => figure)).toEqual(['…', '…', '…'])
  })
})
