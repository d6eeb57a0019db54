// The newsletter section: one Morning Briefing to 10,000 confirmed subscribers, sent by the real
// service (its own process) through a local SMTP sink (smtp-server): messages per second and the
// service's resident memory before and at the end; then the same edition with a kill -9 halfway
// and a restart: every address exactly once, duplicates at most the messages in flight at the kill.
// BENCH_NEWSLETTER_SUBSCRIBERS changes the count.

import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, newsroom, prepareNewsletterData, residentMiB, signIn, startSender, startSink, waitUntilSent } from '../tests/support/newsletterRun.ts'
import { onCleanup } from './cleanup.ts'
import { target, type Section, type Table } from './table.ts'

const subscribers = Number(process.env.BENCH_NEWSLETTER_SUBSCRIBERS ?? 10_000)
/** Messages in flight at once (NEWSLETTER_BATCH): the most a kill can send twice. */
const batch = 20
const env = (smtpUrl: string) => ({ SMTP_URL: smtpUrl, NEWSLETTER_BATCH: String(batch), NEWSLETTER_RATE: '5000' })

interface Run {
  seconds: number
  rssBefore: number
  rssEnd: number
  distinct: number
  duplicates: number
  missing: number
}

async function run(kill: boolean): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'resonance-bench-newsletter-'))
  const removeDir = onCleanup(() => rmSync(dataDir, { recursive: true, force: true }))
  const emails = await prepareNewsletterData(dataDir, subscribers)
  const sink = await startSink()
  const closeSink = onCleanup(() => sink.close())
  const port = await freePort()
  let child: ChildProcess = await startSender(dataDir, port, env(sink.url))
  const stopChild = onCleanup(() => void child.kill('SIGKILL'))
  try {
    let token = await signIn(port)
    const rssBefore = residentMiB(child.pid!)
    const started = performance.now()
    const sent = await newsroom(port, token, 'POST', '/morning/send', {})
    if (sent.status !== 200) throw new Error(`The edition was not sent: ${JSON.stringify(sent.json)}`)
    const id = sent.json.result!._id
    if (kill) {
      while (sink.total() < subscribers / 2) await new Promise((r) => setTimeout(r, 2))
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGKILL')
      await exited
      child = await startSender(dataDir, port, env(sink.url))
      token = await signIn(port)
    }
    await waitUntilSent(port, token, id, 30 * 60_000)
    const seconds = (performance.now() - started) / 1000
    const rssEnd = residentMiB(child.pid!)
    const distinct = emails.filter((email) => sink.received.has(email)).length
    return { seconds, rssBefore, rssEnd, distinct, duplicates: sink.total() - distinct, missing: emails.length - distinct }
  } finally {
    child.kill('SIGKILL')
    stopChild()
    await sink.close()
    closeSink()
    rmSync(dataDir, { recursive: true, force: true })
    removeDir()
  }
}

export function newsletterSection(): Section {
  return {
    name: 'newsletter',
    async run(): Promise<Table> {
      const plain = await run(false)
      const killed = await run(true)
      const row = (label: string, r: Run) => [
        label,
        subscribers.toLocaleString('en-GB'),
        (subscribers / r.seconds).toFixed(0),
        `${r.seconds.toFixed(1)} s`,
        `${r.rssBefore.toFixed(0)} MiB`,
        `${r.rssEnd.toFixed(0)} MiB`,
        r.distinct.toLocaleString('en-GB'),
        String(r.duplicates),
      ]
      return {
        title: `Newsletter: one edition to ${subscribers.toLocaleString('en-GB')} subscribers through a local SMTP sink (NEWSLETTER_BATCH=${batch})`,
        columns: ['Run', 'Subscribers', 'Messages/s', 'Time', 'RSS before', 'RSS at the end', 'Distinct delivered', 'Duplicates'],
        rows: [row('uninterrupted', plain), row('kill -9 halfway, restart', killed)],
        notes: [
          target(plain.rssEnd - plain.rssBefore <= 50, `resident memory flat within 50 MiB (grew ${(plain.rssEnd - plain.rssBefore).toFixed(0)} MiB)`),
          target(plain.missing === 0 && plain.duplicates === 0, `uninterrupted: every subscriber exactly once (${plain.missing} missing, ${plain.duplicates} duplicates)`),
          target(killed.missing === 0 && killed.duplicates <= batch, `after kill -9: every subscriber (${killed.missing} missing), duplicates at most the ${batch} in flight (${killed.duplicates})`),
          'Messages/s counts from the send request to the last message; the kill -9 run includes the restart.',
        ],
      }
    },
  }
}
