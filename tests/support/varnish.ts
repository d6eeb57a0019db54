// Starts Varnish as the edge cache in front of the content service and render processes, with the
// VCL the repository ships (deploy/varnish/default.vcl), its example ports replaced by the test's.

import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// Shared with scripts/test.mjs, which installs Varnish before the tests run.
import { hasVarnish, shippedVcl, varnishd } from '../../scripts/varnish.mjs'
import { freePort } from './renderTier.ts'

export { hasVarnish }

export interface EdgeCache {
  url: string
  port: number
  child: ChildProcess
  output(): string
  stop(): Promise<void>
}

export async function startVarnish(ports: { content: number; render: [number, number] }): Promise<EdgeCache> {
  const vcl = shippedVcl(ports)
  const dir = mkdtempSync(join(tmpdir(), 'resonance-varnish-'))
  // varnishd's workers run as an unprivileged user, which must read the VCL and write the work dir.
  chmodSync(dir, 0o777)
  const vclPath = join(dir, 'default.vcl')
  writeFileSync(vclPath, vcl)
  chmodSync(vclPath, 0o644)
  const port = await freePort()
  const child = spawn(varnishd, ['-F', '-n', join(dir, 'work'), '-a', `127.0.0.1:${port}`, '-f', vclPath, '-s', 'malloc,64m', '-p', 'http_gzip_support=off', '-T', 'none'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let printed = ''
  child.stdout!.on('data', (c: Buffer) => (printed += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (printed += c.toString()))
  const url = `http://127.0.0.1:${port}`
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Varnish stopped (${child.exitCode}):\n${printed}`)
    try {
      const res = await fetch(`${url}/favicon.svg`)
      await res.arrayBuffer()
      if (res.status === 200) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 30_000) throw new Error(`Varnish did not answer within 30 s:\n${printed}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    port,
    child,
    output: () => printed,
    stop: () =>
      new Promise<void>((done) => {
        const finish = () => {
          rmSync(dir, { recursive: true, force: true })
          done()
        }
        if (child.exitCode !== null) return finish()
        child.once('exit', finish)
        child.kill('SIGTERM')
      }),
  }
}
