// Starts render tier processes as an operator would (`npm run serve:pages`'s own entry point), each
// a child process on a port of its own, reading the content service at `contentUrl`.

import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

export interface RenderProcess {
  url: string
  port: number
  child: ChildProcess
  /** Everything the process printed, for a failing test's message. */
  output(): string
  stop(): Promise<void>
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

export async function startRenderProcess(contentUrl: string, env: Record<string, string> = {}): Promise<RenderProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/render/main.ts'], {
    env: { ...process.env, PORT: String(port), CONTENT_API_URL: contentUrl, RENDER_PROCESSES: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/serving at/.test(printed)) resolve()
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => reject(new Error(`The render tier stopped (${code}) before serving:\n${printed}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => printed,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
