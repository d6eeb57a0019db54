// The delivery log's retention rule: each recipient's row (address, status, error) of an edition is
// kept NEWSLETTER_LOG_DAYS after the edition finished, then removed, while the edition keeps its
// counts; the service applies it on start and every hour. Real SQLite files; a clock moved by hand.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeClock } from '../../tests/support/fakeClock.ts'
import { ReaderDesk } from '../readers/desk.ts'
import { Mailer } from '../readers/mailer.ts'
import { ReaderStore } from '../readers/store.ts'
import { Newsletters } from './newsletters.ts'
import { defaultSenderSettings } from './sender.ts'
import { EditionStore } from './store.ts'

const day = 86_400_000
const start = Date.parse('2026-11-02T09:00:00Z')
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'newsletter-retention-'))
  dirs.push(dir)
  return dir
}

const recipients = (...names: string[]) => names.map((name) => ({ id: name, email: `${name}@example.org` }))
const message = { subject: 'From the Editors', html: '<p>Stories</p>', text: 'Stories' }

/** An edition sent on the store's clock: one reader got it, one address refused it for good, one was skipped. */
function sentEdition(store: EditionStore, subject: string): string {
  const { _id } = store.create({ newsletter: 'editors-edition', subject, intro: '', articleIds: ['a1'], createdBy: 'editor@resonance.test' })
  store.enqueue(_id, message, recipients('ada', 'bob', 'cy'), false)
  const [ada, bob, cy] = store.claim('worker', 10)
  store.settle(ada!, { status: 'sent' })
  store.settle(bob!, { status: 'failed', error: '550 No such mailbox', permanent: true })
  store.settle(cy!, { status: 'skipped', error: 'Unsubscribed before it was sent' })
  store.finishDone()
  return _id
}

describe('the delivery log\'s retention', () => {
  it('removes the addresses of editions finished before the limit and keeps their counts; later and unfinished ones keep their log', () => {
    let now = start
    const store = new EditionStore(freshDir(), () => now)
    const old = sentEdition(store, 'Old')
    const sending = store.create({ newsletter: 'editors-edition', subject: 'Still sending', intro: '', articleIds: ['a1'], createdBy: null })._id
    store.enqueue(sending, message, recipients('dee'), false)
    now = start + 20 * day
    const kept = store.create({ newsletter: 'morning-briefing', subject: 'Kept', intro: '', articleIds: ['a1'], createdBy: null })._id
    store.enqueue(kept, message, recipients('ada', 'eve'), true)
    const counted = store.edition(old)!.counts
    expect(counted).toEqual({ total: 3, sent: 1, failed: 1, skipped: 1, waiting: 0, kept: 0 })

    now = start + 31 * day
    expect(store.foldDeliveries(now - 30 * day)).toEqual([old])
    const folded = store.edition(old)!
    expect(folded.counts).toEqual(counted)
    expect(folded.logRemovedAt).toBe(new Date(now).toISOString())
    expect(store.deliveries(old, 1, 50, null)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 })
    expect(store.db.prepare(`SELECT count(*) AS n FROM deliveries WHERE edition_id = ?`).get(old)).toEqual({ n: 0 })
    // The edition still sending and the one within its 30 days keep every row.
    expect(store.deliveries(sending, 1, 50, null).total).toBe(1)
    expect(store.edition(kept)!.logRemovedAt).toBeNull()
    expect(store.deliveries(kept, 1, 50, null).items.map((row) => row.email).sort()).toEqual(['ada@example.org', 'eve@example.org'])
    // Folding again changes nothing, and the list of editions shows the kept counts.
    expect(store.foldDeliveries(now - 30 * day)).toEqual([])
    expect(store.editions(1, 25).items.find((edition) => edition._id === old)!.counts).toEqual(counted)
    store.close()
  })

  it('is applied by the service on start and every hour after, NEWSLETTER_LOG_DAYS after an edition finished', async () => {
    const dir = freshDir()
    const before = new EditionStore(dir, () => start)
    const id = sentEdition(before, 'Sent on the 2nd')
    before.close()

    const clock = new FakeClock(start + 29 * day)
    const readerStore = new ReaderStore(dir)
    const newsletters = new Newsletters({
      dataDir: dir,
      readers: new ReaderDesk(readerStore, new Mailer(readerStore, { smtpUrl: null, from: 'Resonance <newsletter@resonance.test>' }), () => 'https://resonance.test'),
      source: () => {
        throw new Error('No edition is composed in this test')
      },
      settings: { ...defaultSenderSettings, smtpUrl: null, from: 'Resonance <newsletter@resonance.test>', morningTime: '07:00', morningSchedule: false, logDays: 30 },
      clock,
    })
    try {
      newsletters.start()
      expect(newsletters.edition(id).logRemovedAt).toBeNull()
      expect(newsletters.store.deliveries(id, 1, 50, null).total).toBe(3)

      await clock.advanceTo(start + 30 * day + 2 * 3_600_000)
      const edition = newsletters.edition(id)
      expect(edition.logRemovedAt).not.toBeNull()
      expect(Date.parse(edition.logRemovedAt!)).toBeGreaterThan(start + 30 * day)
      expect(edition.counts).toEqual({ total: 3, sent: 1, failed: 1, skipped: 1, waiting: 0, kept: 0 })
      expect(newsletters.store.deliveries(id, 1, 50, null).total).toBe(0)
    } finally {
      await newsletters.close()
      readerStore.close()
    }
  })
})
