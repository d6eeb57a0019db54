import { describe, expect, it } from 'vitest'
import { validateSubscriberSearch } from './addresses.ts'
import { csvFileName, subscriberPageCount, subscriberRequest, subscribersCsvName } from './subscribers.ts'

describe('the subscriber list’s address', () => {
  it('keeps a known status and a page past the first', () => {
    expect(validateSubscriberSearch({ status: 'unsubscribed', page: '2' })).toEqual({ status: 'unsubscribed', page: 2 })
  })

  it('opens the whole list on anything it does not understand', () => {
    expect(validateSubscriberSearch({ status: 'all', page: '1' })).toEqual({ status: undefined, page: undefined })
    expect(validateSubscriberSearch({ status: 'vip', page: '-3' })).toEqual({ status: undefined, page: undefined })
  })

  it('asks the service for every status unless one is chosen', () => {
    expect(subscriberRequest({})).toEqual({ page: 1, status: 'all' })
    expect(subscriberRequest({ status: 'pending', page: 4 })).toEqual({ page: 4, status: 'pending' })
  })

  it('counts pages of 50', () => {
    expect(subscriberPageCount(50)).toBe(1)
    expect(subscriberPageCount(51)).toBe(2)
  })
})

describe('the CSV export’s file name', () => {
  const day = new Date('2026-11-21T23:30:00Z')

  it('is the service’s own name when it gives a plain one', () => {
    expect(csvFileName('attachment; filename="subscribers-2026-11-21.csv"', day)).toBe('subscribers-2026-11-21.csv')
    expect(csvFileName('attachment; filename=subscribers-2026-11-20.csv', day)).toBe('subscribers-2026-11-20.csv')
  })

  it('is made here, dated and naming the filter, when the service gives none or a path', () => {
    expect(csvFileName(null, day)).toBe('subscribers-2026-11-21.csv')
    expect(csvFileName(null, day, 'confirmed')).toBe('subscribers-confirmed-2026-11-21.csv')
    expect(csvFileName('attachment; filename="../../.bashrc.csv"', day)).toBe('subscribers-2026-11-21.csv')
    expect(csvFileName('attachment; filename=".csv"', day)).toBe('subscribers-2026-11-21.csv')
    expect(csvFileName('attachment; filename="list.exe"', day)).toBe('subscribers-2026-11-21.csv')
    expect(subscribersCsvName(day, 'pending')).toBe('subscribers-pending-2026-11-21.csv')
  })
})
