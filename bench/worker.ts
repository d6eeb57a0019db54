// Runs a piece of the benchmark in its own Node process (load generation, a thousand listeners,
// building a dataset), so it neither shares an event loop with the service nor with the timings
// the main process takes. Input and output travel over the IPC channel as JSON.

import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { onCleanup } from './cleanup.ts'

type Reply<O> = { ok: true; result: O } | { ok: false; error: string }

/** Forks `bench/<name>`, sends it `input`, resolves with what its handler returns. */
export function runWorker<I, O>(name: string, input: I, options: { execArgv?: string[] } = {}): Promise<O> {
  const file = fileURLToPath(new URL(name, import.meta.url))
  const child = fork(file, [], { execArgv: [...(options.execArgv ?? []), '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const forget = onCleanup(() => {
    child.kill('SIGKILL')
  })
  return new Promise<O>((resolve, reject) => {
    let settled = false
    child.once('message', (message) => {
      settled = true
      const reply = message as Reply<O>
      if (reply.ok) resolve(reply.result)
      else reject(new Error(`${name}: ${reply.error}`))
    })
    child.once('error', (error) => {
      if (!settled) reject(error)
      settled = true
    })
    child.once('exit', (code, signal) => {
      forget()
      if (!settled) reject(new Error(`${name} exited with ${signal ?? code} before answering`))
      settled = true
    })
    child.send(input as object)
  })
}

/** The worker side: handles the one message the parent sends, answers, and exits. */
export function serveWork<I, O>(handler: (input: I) => Promise<O>): void {
  // An orphan would hold sockets open against the next service; go when the parent goes.
  process.once('disconnect', () => process.exit(1))
  process.once('message', (input) => {
    handler(input as I).then(
      (result) => process.send!({ ok: true, result } satisfies Reply<O>, () => process.exit(0)),
      (error: unknown) => process.send!({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies Reply<O>, () => process.exit(1)),
    )
  })
}
