import { describe, expect, it } from 'vitest'
import { subscriptionPlans } from '../../../shared/readerForms.ts'
import { formatPence, telHref } from './contact.ts'

describe('subscriptionPlans', () => {
  it('offers Digital, Digital + Print and Weekend, priced in pounds', () => {
    expect(subscriptionPlans.map((plan) => plan.name)).toEqual(['Digital', 'Digital + Print', 'Weekend'])
    expect(subscriptionPlans.map((plan) => formatPence(plan.pricePence))).toEqual(['£7.99', '£24.99', '£12.99'])
  })

  it('formats whole pounds with pence', () => {
    expect(formatPence(1000)).toBe('£10.00')
  })
})

describe('telHref', () => {
  it('dials a London number in international form', () => {
    expect(telHref('020 7946 0123')).toBe('tel:+442079460123')
  })
})
