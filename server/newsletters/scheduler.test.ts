import { describe, expect, it } from 'vitest'
import { nextLondonTime } from './clock.ts'
import { FakeClock } from '../../tests/support/fakeClock.ts'
import { EditionScheduler } from './scheduler.ts'

const seven = { hour: 7, minute: 0 }
const iso = (at: number) => new Date(at).toISOString()

function morningsBetween(from: string, until: string, made: (day: string) => boolean = () => false) {
  const clock = new FakeClock(Date.parse(from))
  const fired: string[] = []
  const scheduler = new EditionScheduler(clock, seven, {
    scheduled: () => [],
    morningMadeOn: made,
    runMorning: async () => {
      fired.push(iso(clock.now()))
    },
    runScheduled: async () => {},
  })
  scheduler.start()
  return { fired, run: () => clock.advanceTo(Date.parse(until), () => scheduler.running) }
}

describe('the Morning Briefing\'s schedule', () => {
  it('fires at 07:00 on London\'s clock across the spring change: 07:00 GMT, then 07:00 BST (06:00 UTC)', async () => {
    const { fired, run } = morningsBetween('2026-03-27T12:00:00Z', '2026-03-31T12:00:00Z')
    await run()
    expect(fired).toEqual(['2026-03-28T07:00:00.000Z', '2026-03-29T06:00:00.000Z', '2026-03-30T06:00:00.000Z', '2026-03-31T06:00:00.000Z'])
  })

  it('and across the autumn change: 07:00 BST (06:00 UTC), then 07:00 GMT', async () => {
    const { fired, run } = morningsBetween('2026-10-23T12:00:00Z', '2026-10-26T12:00:00Z')
    await run()
    expect(fired).toEqual(['2026-10-24T06:00:00.000Z', '2026-10-25T07:00:00.000Z', '2026-10-26T07:00:00.000Z'])
  })

  it('sends a morning missed while the service was down only soon after, and only once', async () => {
    const late = morningsBetween('2026-11-27T08:30:00Z', '2026-11-27T09:00:00Z')
    await late.run()
    expect(late.fired).toEqual(['2026-11-27T08:30:00.000Z'])
    const afternoon = morningsBetween('2026-11-27T15:00:00Z', '2026-11-28T12:00:00Z')
    await afternoon.run()
    expect(afternoon.fired).toEqual(['2026-11-28T07:00:00.000Z'])
    const alreadyMade = morningsBetween('2026-11-27T08:30:00Z', '2026-11-27T12:00:00Z', (day) => day === '2026-11-27')
    await alreadyMade.run()
    expect(alreadyMade.fired).toEqual([])
  })

  it('sends a scheduled edition at its time', async () => {
    const clock = new FakeClock(Date.parse('2026-12-01T10:00:00Z'))
    const jobs = [{ id: 'weekend', at: Date.parse('2026-12-01T16:30:00Z') }]
    const sent: string[] = []
    const scheduler = new EditionScheduler(clock, seven, {
      scheduled: () => jobs,
      morningMadeOn: () => false,
      runMorning: async () => {},
      runScheduled: async (id) => {
        sent.push(`${id} ${iso(clock.now())}`)
        jobs.splice(0)
      },
    })
    scheduler.start()
    await clock.advanceTo(Date.parse('2026-12-01T16:29:59Z'), () => scheduler.running)
    expect(sent).toEqual([])
    await clock.advanceTo(Date.parse('2026-12-01T18:00:00Z'), () => scheduler.running)
    expect(sent).toEqual(['weekend 2026-12-01T16:30:00.000Z'])
  })

  it('reads any London time of day, not only 07:00', () => {
    expect(iso(nextLondonTime(Date.parse('2026-07-01T12:00:00Z'), { hour: 6, minute: 15 }))).toBe('2026-07-02T05:15:00.000Z')
    expect(iso(nextLondonTime(Date.parse('2026-12-31T23:30:00Z'), { hour: 0, minute: 5 }))).toBe('2027-01-01T00:05:00.000Z')
  })
})
