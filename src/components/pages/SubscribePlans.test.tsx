import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { subscriptionPlans } from '../../../shared/readerForms.ts'
import { type SubscriptionPlanId } from '../../../shared/newsroom.ts'
import { SubscribePlans } from './SubscribePlans.tsx'

describe('SubscribePlans', () => {
  it('offers each plan as a radio named by its plan and monthly price', () => {
    render(<SubscribePlans plans={subscriptionPlans} value="digital" onChange={() => {}} />)
    expect(screen.getByRole('group', { name: 'Choose your plan' })).toBeTruthy()
    expect(screen.getAllByRole('radio')).toHaveLength(3)
    expect(screen.getByRole('radio', { name: 'Digital £7.99 a month' })).toHaveProperty('checked', true)
    expect(screen.getByRole('radio', { name: 'Digital + Print £24.99 a month' })).toHaveProperty('checked', false)
    expect(screen.getByRole('radio', { name: 'Weekend £12.99 a month' })).toHaveProperty('checked', false)
    expect(screen.getByText('The paper delivered Monday to Sunday')).toBeTruthy()
  })

  it('reports the plan picked by clicking anywhere on its card', async () => {
    const picked: SubscriptionPlanId[] = []
    render(<SubscribePlans plans={subscriptionPlans} value="digital" onChange={(plan) => picked.push(plan)} />)
    await userEvent.setup().click(screen.getByText('Saturday and Sunday in print, with full digital access.'))
    expect(picked).toEqual(['weekend'])
  })

  it('shows a single plan on its own', () => {
    render(<SubscribePlans plans={subscriptionPlans.slice(2)} value="weekend" onChange={() => {}} />)
    expect(screen.getAllByRole('radio')).toHaveLength(1)
  })
})
