// A whole service sending a newsletter edition to many subscribers, as a process of its own, into a
// local SMTP sink that counts what each address received: for the kill -9 test
// (tests/durability/newsletter-crash.test.ts) and the bench (bench/newsletter.ts).

import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { openParts } from '../../server/service.ts'
import { loadConfig } from '../../server/config.ts'
import { ReaderStore } from '../../server/readers/store.ts'
import { morningAwayFromNow } from './morning.ts'
import { prepareDataDir } from './service.ts'

export const runAdmin = { email: 'sender@resonance.test', password: 'newsletter-run-password' }

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

/** A data directory with a published front page and `count` confirmed subscribers of every newsletter. */
export async function prepareNewsletterData(dataDir: string, count: number): Promise<string[]> {
  const env = { ADMIN_EMAIL: runAdmin.email, ADMIN_PASSWORD: runAdmin.password }
  await prepareDataDir(dataDir, env)
  const config = loadConfig({ ...env, DATA_DIR: dataDir, SEED: 'none' })
  const parts = openParts(config)
  await parts.store.commit(config.dataset, [
    { createOrReplace: { _id: 'lead', _type: 'article', title: 'The river rises', slug: { _type: 'slug', current: 'the-river-rises' }, publishedAt: new Date().toISOString(), excerpt: 'The Thames barrier closes for the third time this week.', isLeadStory: true } },
    { createOrReplace: { _id: 'latest', _type: 'article', title: 'Night buses return', slug: { _type: 'slug', current: 'night-buses-return' }, publishedAt: new Date().toISOString(), excerpt: 'Every twenty minutes from Friday.', isLatestUpdate: true } },
  ], { identity: 'seed' })
  parts.store.close()
  parts.auth.close()
  const readers = new ReaderStore(dataDir)
  const emails = Array.from({ length: count }, (_, i) => `reader${i}@example.org`)
  readers.db.transaction(() => {
    for (const email of emails) readers.confirm(readers.signUp(email, ['morning-briefing', 'editors-edition'])._id)
  })()
  readers.close()
  return emails
}

export interface Sink {
  url: string
  /** Messages received per address. */
  received: Map<string, number>
  total(): number
  close(): Promise<void>
}

/** An SMTP server that takes every message and counts it, reading nothing else (so it keeps up). */
export async function startSink(): Promise<Sink> {
  const received = new Map<string, number>()
  let total = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {})
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) received.set(rcpt.address, (received.get(rcpt.address) ?? 0) + 1)
        total++
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  return { url: `smtp://127.0.0.1:${port}`, received, total: () => total, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

export async function startSender(dataDir: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'none', ADMIN_EMAIL: runAdmin.email, ADMIN_PASSWORD: runAdmin.password, STATIC_DIR: join(dataDir, 'none'), RENDER_MODULE: '', NEWSLETTER_MORNING_TIME: morningAwayFromNow(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The service exited early:\n${output}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`The service did not start:\n${output}`)
}

export async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(runAdmin) })
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status}`)
  return ((await res.json()) as { access_token: string }).access_token
}

export async function newsroom(port: number, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: { result?: Record<string, unknown> & { _id: string; state: string; counts: Record<string, number> } } }> {
  const res = await fetch(`http://127.0.0.1:${port}/newsroom/newsletters${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as never }
}

/** Waits until an edition has nothing left to send. */
export async function waitUntilSent(port: number, token: string, id: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if ((await newsroom(port, token, 'GET', `/${id}`)).json.result?.state === 'sent') return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`Edition ${id} was not sent within ${timeoutMs} ms`)
}

/** A process's resident memory in MiB (Linux). */
export function residentMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!
  return Number(/(\d+)/.exec(line)![1]) / 1024
}
