// Kills the content service with SIGKILL in the middle of a burst of writes, restarts it on the
// same data directory, and checks that every acknowledged transaction survived and that no
// transaction is half there.

import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const admin = { email: 'crash@resonance.test', password: 'crash-test-password' }
const dataDir = mkdtempSync(join(tmpdir(), 'resonance-crash-'))

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

async function startChild(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'none', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, STATIC_DIR: join(dataDir, 'none') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The service exited early:\n${output}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`)
      if (res.ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`The service did not start:\n${output}`)
}

async function login(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}

function transaction(i: number) {
  return {
    mutations: [
      { create: { _id: `crash-a-${i}`, _type: 'crashItem', n: i } },
      { create: { _id: `crash-b-${i}`, _type: 'crashItem', n: i } },
      { patch: { id: 'crash-counter', inc: { count: 1 } } },
    ],
  }
}

let child: ChildProcess | null = null

afterAll(() => {
  child?.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

describe('durability under SIGKILL', () => {
  it('keeps every acknowledged transaction and never half of one', async () => {
    const port = await freePort()
    child = await startChild(port)
    let token = await login(port)
    const mutate = (body: unknown) =>
      fetch(`http://127.0.0.1:${port}/v2023-05-03/data/mutate/production?returnIds=true`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
    expect((await mutate({ mutations: [{ create: { _id: 'crash-counter', _type: 'counter', count: 0 } }] })).status).toBe(200)

    const acknowledged = new Set<number>()
    let next = 0
    let killed = false
    const worker = async () => {
      while (!killed) {
        const i = next++
        try {
          const res = await mutate(transaction(i))
          if (res.status === 200) acknowledged.add(i)
        } catch {
          // The connection died with the process: this one was never acknowledged.
        }
      }
    }
    const workers = Array.from({ length: 8 }, worker)
    // Kill while requests are in flight, once a good number have been acknowledged.
    while (acknowledged.size < 120) await new Promise((r) => setTimeout(r, 5))
    killed = true
    const exited = new Promise((r) => child!.once('exit', r))
    child.kill('SIGKILL')
    await Promise.all(workers)
    await exited

    child = await startChild(port)
    token = await login(port)
    const res = await fetch(`http://127.0.0.1:${port}/v2023-05-03/data/query/production?query=${encodeURIComponent('*[_type in ["crashItem", "counter"]]{_id, n, count}')}&perspective=raw`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const docs = ((await res.json()) as { result: Array<{ _id: string; n?: number; count?: number }> }).result
    const ids = new Set(docs.map((d) => d._id))
    for (const i of acknowledged) {
      expect(ids.has(`crash-a-${i}`), `acknowledged transaction ${i} lost`).toBe(true)
    }
    const pairs = new Set(docs.filter((d) => d._id.startsWith('crash-a-')).map((d) => d.n))
    for (const d of docs.filter((d) => d._id.startsWith('crash-b-'))) expect(pairs.has(d.n), `half of transaction ${d.n}`).toBe(true)
    for (const n of pairs) expect(ids.has(`crash-b-${n}`), `half of transaction ${n}`).toBe(true)
    const counter = docs.find((d) => d._id === 'crash-counter')
    expect(counter?.count).toBe(pairs.size)
    expect(pairs.size).toBeGreaterThanOrEqual(acknowledged.size)
  })
})
