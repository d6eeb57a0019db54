import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ReaderStore } from './store.ts'

const dirs: string[] = []
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'readers-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('subscribers\' newsletters', () => {
  it('gives every subscriber of a file from before the choice every newsletter, and drops the plan', () => {
    const dir = freshDir()
    const old = new Database(join(dir, 'readers.db'))
    old.exec(`CREATE TABLE subscribers (id TEXT PRIMARY KEY, created_at TEXT NOT NULL, email TEXT NOT NULL, email_key TEXT NOT NULL UNIQUE,
      plan TEXT NOT NULL, status TEXT NOT NULL, confirmed_at TEXT, unsubscribed_at TEXT)`)
    old.prepare(`INSERT INTO subscribers VALUES ('a', '2026-01-01', 'A@x.org', 'a@x.org', 'weekend', 'confirmed', '2026-01-01', NULL)`).run()
    old.close()
    const store = new ReaderStore(dir)
    expect(store.subscriber('a')).toMatchObject({ email: 'A@x.org', status: 'confirmed', newsletters: ['morning-briefing', 'editors-edition'] })
    expect(store.subscriber('a')).not.toHaveProperty('plan')
    // A sign-up after the migration has only what it chose; a second start migrates nothing again.
    const later = store.signUp('b@x.org', ['editors-edition'])
    store.close()
    const again = new ReaderStore(dir)
    expect(again.newslettersOf(later._id)).toEqual(['editors-edition'])
    again.close()
  })

  it('lists the confirmed subscribers of one newsletter, in batches, and no one else', () => {
    const store = new ReaderStore(freshDir())
    const confirmed: string[] = []
    for (let i = 0; i < 25; i++) {
      const one = store.signUp(`reader${i}@x.org`, i % 5 === 0 ? ['editors-edition'] : ['morning-briefing', 'editors-edition'])
      if (i % 7 !== 0) store.confirm(one._id)
      if (i === 3) store.unsubscribe(one._id)
      if (i % 7 !== 0 && i % 5 !== 0 && i !== 3) confirmed.push(`reader${i}@x.org`)
    }
    const listed = [...store.eachRecipient('morning-briefing', 4)].map((r) => r.email)
    expect(listed.sort()).toEqual(confirmed.sort())
    expect(store.recipientCount('morning-briefing')).toBe(confirmed.length)
    const one = store.subscriberByEmail('reader1@x.org')!
    expect(store.receives(one._id, 'morning-briefing')).toBe(true)
    store.setNewsletters(one._id, ['editors-edition'])
    expect(store.receives(one._id, 'morning-briefing')).toBe(false)
    expect(store.setNewsletters(one._id, [])).toMatchObject({ status: 'unsubscribed', newsletters: [] })
    expect(store.receives(one._id, 'editors-edition')).toBe(false)
    store.close()
  })
})
