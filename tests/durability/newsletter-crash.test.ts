// Kills the service with SIGKILL in the middle of sending an edition, starts it again on the same
// data, and checks that every subscriber got the edition, and that no one got a second copy beyond
// the messages that were in flight at the kill (NEWSLETTER_BATCH of them at most).

import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, newsroom, prepareNewsletterData, signIn, startSender, startSink, waitUntilSent, type Sink } from '../support/newsletterRun.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'resonance-newsletter-crash-'))
const inFlight = 5
let child: ChildProcess | null = null
let sink: Sink | null = null

afterAll(async () => {
  child?.kill('SIGKILL')
  await sink?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('an edition under SIGKILL', () => {
  it('reaches every subscriber after a restart, with no more duplicates than messages in flight', { timeout: 120_000 }, async () => {
    const subscribers = await prepareNewsletterData(dataDir, 300)
    sink = await startSink()
    const env = { SMTP_URL: sink.url, NEWSLETTER_BATCH: String(inFlight), NEWSLETTER_RATE: '400' }
    const port = await freePort()
    child = await startSender(dataDir, port, env)
    let token = await signIn(port)
    const sent = await newsroom(port, token, 'POST', '/morning/send', {})
    expect(sent.status).toBe(200)
    const id = sent.json.result!._id

    // Kill once a good part is out, and before the end.
    while (sink.total() < 100) await new Promise((r) => setTimeout(r, 2))
    const exited = new Promise((r) => child!.once('exit', r))
    child.kill('SIGKILL')
    await exited
    expect(sink.received.size).toBeLessThan(subscribers.length)

    child = await startSender(dataDir, port, env)
    token = await signIn(port)
    await waitUntilSent(port, token, id, 60_000)

    expect([...sink.received.keys()].sort()).toEqual([...subscribers].sort())
    const duplicates = sink.total() - subscribers.length
    expect(duplicates).toBeLessThanOrEqual(inFlight)
    const edition = (await newsroom(port, token, 'GET', `/${id}`)).json.result!
    expect(edition.counts).toMatchObject({ total: 300, sent: 300, failed: 0, waiting: 0 })
  })
})
