// `npm run serve:pages`: the render tier on every core (RENDER_PROCESSES, default one per core), each
// process a stateless renderer on the same port (node:cluster shares it). A process that dies is
// replaced. Reads the built app in dist/ and dist-server/: run `npm run build` first.
// With READS_TOKEN the processes judge read beacons and send those that may count to this primary
// process, whose one counter knows every process's readers (one read a day per reader and page on
// this host) and writes the counts (server/render/reads.ts).

import cluster from 'node:cluster'
import { loadRenderTierConfig } from './config.ts'
import { judgedReadOf, type JudgedRead } from './reads.ts'
import { lakeClient, lakeReadCounter, startRenderTier } from './tier.ts'

const config = loadRenderTierConfig()

if (cluster.isPrimary && config.processes > 1) {
  let stopping = false
  const log = (line: string) => console.log(line)
  const readsToken = config.readsToken
  const lake = readsToken
    ? await lakeClient(config).catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error)
        process.exit(1)
      })
    : null
  const reads = lake && readsToken ? lakeReadCounter(lake.client, { ...config, readsToken }, log) : null
  reads?.start()
  for (let i = 0; i < config.processes; i++) cluster.fork()
  let ready = 0
  cluster.on('message', (_worker, message: unknown) => {
    const read = reads ? judgedReadOf(message) : null
    if (read) {
      void reads!.countJudged(read)
      return
    }
    if ((message as { ready?: string }).ready && ++ready === config.processes) {
      console.log(`Resonance's render tier is serving at ${(message as { ready: string }).ready} in ${config.processes} processes, reading ${config.contentUrl ?? 'the hosted Sanity project'}`)
    }
  })
  cluster.on('exit', (worker, code) => {
    if (stopping) return
    console.error(`Render process ${worker.process.pid} ended (${code}); starting another`)
    setTimeout(() => cluster.fork(), 1_000)
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill()
      // What was counted since the last write is written before the tier stops.
      void (reads?.close() ?? Promise.resolve()).finally(() => process.exit(0))
    })
  }
} else {
  try {
    const forward = cluster.isWorker && config.readsToken ? (read: JudgedRead) => void process.send?.({ read }) : undefined
    const tier = await startRenderTier(config, (line) => console.log(line), forward)
    if (cluster.isWorker) process.send?.({ ready: tier.url })
    else console.log(`Resonance's render tier is serving at ${tier.url}, reading ${config.contentUrl ?? 'the hosted Sanity project'}`)
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void tier.close().then(() => process.exit(0)))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
