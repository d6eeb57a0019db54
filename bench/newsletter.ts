// The newsletter section: one Morning Briefing to 10,000 confirmed subscribers, sent by the real
// service (its own process) through a local SMTP sink (smtp-server): messages per second and the
// service's resident memory when ready to send, at its highest during the send and at the end;
// the same with 1,000 subscribers beside it, to show whether memory follows the list; then the
// 10,000 again with a kill -9 halfway and a restart: every address exactly once, duplicates at most
// the messages in flight at the kill. BENCH_NEWSLETTER_SUBSCRIBERS changes the larger count.
//
// "Ready" is measured once the service has composed and rendered the Morning Briefing once (the
// preview: its query workers and the email renderer loaded, as the first send needs them) and its
// memory has stopped moving. Measured straight after start instead, "before" caught the service
// still warming up, and its growth counted start-up as sending (89 MiB at the first measurement).

import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, newsroom, prepareNewsletterData, residentMiB, signIn, startSender, startSink, waitUntilSent } from '../tests/support/newsletterRun.ts'
import { onCleanup } from './cleanup.ts'
import { target, type Section, type Table } from './table.ts'

const subscribers = Number(process.env.BENCH_NEWSLETTER_SUBSCRIBERS ?? 10_000)
/** The smaller list beside it: memory that grew with the list would grow ten times as much. */
const fewer = Math.max(1, Math.round(subscribers / 10))
/** Messages in flight at once (NEWSLETTER_BATCH): the most a kill can send twice. */
const batch = 20
const env = (smtpUrl: string) => ({ SMTP_URL: smtpUrl, NEWSLETTER_BATCH: String(batch), NEWSLETTER_RATE: '5000' })

interface Run {
  count: number
  seconds: number
  rssStart: number
  rssReady: number
  rssPeak: number
  rssEnd: number
  distinct: number
  duplicates: number
  missing: number
}

/** Waits until the process's resident memory moves less than 1 MiB in a second (at most 15 s), and returns it. */
async function settledMiB(pid: number): Promise<number> {
  let last = residentMiB(pid)
  for (let i = 0; i < 15; i++) {
    await new Promise((r) => setTimeout(r, 1000))
    const now = residentMiB(pid)
    if (Math.abs(now - last) < 1) return now
    last = now
  }
  return last
}

async function run(subscribers: number, kill: boolean): Promise<Run> {
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
    const rssStart = residentMiB(child.pid!)
    const preview = await newsroom(port, token, 'GET', '/morning/preview')
    if (preview.status !== 200) throw new Error(`The Morning Briefing could not be previewed: ${JSON.stringify(preview.json)}`)
    const rssReady = await settledMiB(child.pid!)
    let rssPeak = rssReady
    const sampler = setInterval(() => {
      try {
        rssPeak = Math.max(rssPeak, residentMiB(child.pid!))
      } catch {
        // between the kill and the restart there is no process to read
      }
    }, 200)
    const stopSampler = onCleanup(() => clearInterval(sampler))
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
    clearInterval(sampler)
    stopSampler()
    rssPeak = Math.max(rssPeak, rssEnd)
    const distinct = emails.filter((email) => sink.received.has(email)).length
    return { count: subscribers, seconds, rssStart, rssReady, rssPeak, rssEnd, distinct, duplicates: sink.total() - distinct, missing: emails.length - distinct }
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
      const small = await run(fewer, false)
      const plain = await run(subscribers, false)
      const killed = await run(subscribers, true)
      const mib = (n: number) => `${n.toFixed(0)} MiB`
      const row = (label: string, r: Run) => [
        label,
        r.count.toLocaleString('en-GB'),
        (r.count / r.seconds).toFixed(0),
        `${r.seconds.toFixed(1)} s`,
        mib(r.rssStart),
        mib(r.rssReady),
        mib(r.rssPeak),
        mib(r.rssEnd),
        r.distinct.toLocaleString('en-GB'),
        String(r.duplicates),
      ]
      const grew = (r: Run) => r.rssEnd - r.rssReady
      const peaked = (r: Run) => r.rssPeak - r.rssReady
      return {
        title: `Newsletter: one edition through a local SMTP sink (NEWSLETTER_BATCH=${batch})`,
        columns: ['Run', 'Subscribers', 'Messages/s', 'Time', 'RSS at start', 'RSS ready', 'RSS highest', 'RSS at the end', 'Distinct delivered', 'Duplicates'],
        rows: [row('uninterrupted', small), row('uninterrupted', plain), row('kill -9 halfway, restart', killed)],
        notes: [
          target(grew(plain) <= 50 && peaked(plain) <= 50, `resident memory flat within 50 MiB while sending to ${subscribers.toLocaleString('en-GB')} (highest +${peaked(plain).toFixed(0)} MiB, at the end ${grew(plain) >= 0 ? '+' : ''}${grew(plain).toFixed(0)} MiB)`),
          `Memory against the list: +${peaked(small).toFixed(0)} MiB at its highest for ${fewer.toLocaleString('en-GB')} subscribers, +${peaked(plain).toFixed(0)} MiB for ${subscribers.toLocaleString('en-GB')} (ten times the list).`,
          target(small.missing === 0 && small.duplicates === 0 && plain.missing === 0 && plain.duplicates === 0, `uninterrupted: every subscriber exactly once (${plain.missing + small.missing} missing, ${plain.duplicates + small.duplicates} duplicates)`),
          target(killed.missing === 0 && killed.duplicates <= batch, `after kill -9: every subscriber (${killed.missing} missing), duplicates at most the ${batch} in flight (${killed.duplicates})`),
          'RSS at start: once the service answers (still warming up); RSS ready: after one preview of the edition, once memory is still; the kill -9 run\'s end (and highest) is the restarted process\'s. Messages/s counts from the send request to the last message; the kill -9 run includes the restart.',
        ],
      }
    },
  }
}
