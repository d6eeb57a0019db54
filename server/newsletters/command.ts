// `npm run content -- newsletter send [--edition morning] [--to EMAIL]`: the Morning Briefing now,
// for operators and cron (by the same rules as at its time: once a London day, only with something
// new), or a test copy of it to one address. It sends from this process through the same queue as
// the service, so a running service and the command never send one message twice.

import type { Config } from '../config.ts'
import { feedSource } from '../feeds/source.ts'
import { QueryEngine } from '../query/engine.ts'
import { QueryPool } from '../query/pool.ts'
import { ReaderDesk } from '../readers/desk.ts'
import { Mailer } from '../readers/mailer.ts'
import { ReaderStore } from '../readers/store.ts'
import type { Store } from '../store/store.ts'
import { Newsletters } from './newsletters.ts'
import { defaultSenderSettings } from './sender.ts'

export const newsletterUsage = `  newsletter send [--edition morning] [--to EMAIL]
                                             Send the Morning Briefing now (once a London day, when the
                                             front page has something new), or a test copy to EMAIL.`

export async function newsletterCommand(config: Config, store: Store, args: string[], options: { edition?: string; to?: string }): Promise<string[]> {
  if (args[0] !== 'send') throw new Error('Usage: newsletter send [--edition morning] [--to EMAIL]')
  const edition = options.edition ?? 'morning'
  if (edition !== 'morning') throw new Error(`--edition must be "morning" (editors' editions are sent from the admin's Newsletters page), got "${edition}"`)
  const siteUrl = config.publicUrl ?? `http://localhost:${config.port}`
  const pool = new QueryPool({ dataDir: config.dataDir, size: 1, queueLimit: 16, heapMb: config.limits.queryWorkerHeapMb, contendedTimeoutMs: config.limits.queryContendedTimeoutMs, queueWaitMs: config.limits.queryQueueWaitMs })
  const queries = new QueryEngine(store, pool, { cacheLimitBytes: 8 * 1024 * 1024, limits: config.limits.query })
  const readerStore = new ReaderStore(config.dataDir)
  const mailer = new Mailer(readerStore, { smtpUrl: config.smtpUrl, from: config.mailFrom })
  const readers = new ReaderDesk(readerStore, mailer, () => siteUrl)
  const newsletters = new Newsletters({
    dataDir: config.dataDir,
    readers,
    source: () => feedSource(queries, config, siteUrl),
    settings: { ...defaultSenderSettings, ...config.newsletters, smtpUrl: config.smtpUrl, from: config.mailFrom, morningSchedule: false },
  })
  try {
    newsletters.start()
    if (options.to) {
      const test = await newsletters.sendTest('morning', options.to)
      if (test.delivery === 'failed') throw new Error(`The test to ${test.to} could not be sent: ${test.error}`)
      return [test.delivery === 'held' ? `Kept, not sent (no SMTP_URL): the test to ${test.to} is in the Outbox` : `Sent a test of the Morning Briefing to ${test.to}`]
    }
    const outcome = await newsletters.sendMorning()
    if ('skipped' in outcome) return [`No Morning Briefing sent: ${outcome.skipped}`]
    await newsletters.sender.idle()
    const done = newsletters.edition(outcome.edition._id)
    const { counts } = done
    if (done.state === 'kept') return [`Kept, not sent (no SMTP_URL): "${done.subject}" for ${counts.kept} subscriber(s) is in the Outbox`]
    return [
      `"${done.subject}": ${counts.sent} of ${counts.total} sent, ${counts.failed} failed, ${counts.skipped} skipped` +
        (counts.waiting > 0 ? `, ${counts.waiting} waiting to retry (the service sends them)` : ''),
    ]
  } finally {
    await newsletters.close()
    mailer.close()
    readerStore.close()
    await pool.close()
  }
}
