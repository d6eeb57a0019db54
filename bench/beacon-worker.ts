// The read beacons' sender, in its own process (see reads.ts), so the reader whose homepage is
// timed shares an event loop with neither the service nor the senders. Each sender keeps one
// keep-alive connection from its own loopback address and sends a new reader's beacon (the user
// agent and the page change) whenever the last is answered, or on a schedule when a rate is set.

import { Agent } from 'node:http'
import { request } from './http.ts'
import { cpuMs } from './service.ts'
import { serveWork } from './worker.ts'

export interface BeaconLoad {
  url: string
  slugs: string[]
  senders: number
  /** Beacons a second offered by all senders together, on a schedule; 0 sends each as soon as the last is answered. */
  perSecond: number
  warmupMs: number
  durationMs: number
  serverPid: number
  userAgents: string[]
}

export interface BeaconResult {
  /** 204s answered inside the window, and anything else (any status, any socket error) over the whole run. */
  answered: number
  refused: number
  firstRefusal: string | null
  /** The window, as epoch milliseconds (performance.timeOrigin + now), so another process can match its own samples to it. */
  from: number
  to: number
  /** Share of one core each side used in the window. */
  clientCpu: number
  serverCpu: number
}

const epoch = () => performance.timeOrigin + performance.now()
const cpu = () => {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

serveWork<BeaconLoad, BeaconResult>(async (load) => {
  const started = performance.now()
  const opens = started + load.warmupMs
  const closes = opens + load.durationMs
  const result: BeaconResult = { answered: 0, refused: 0, firstRefusal: null, from: 0, to: 0, clientCpu: 0, serverCpu: 0 }
  let opened: { client: number; server: number } | null = null
  setTimeout(() => {
    result.from = epoch()
    opened = { client: cpu(), server: cpuMs(load.serverPid) }
  }, load.warmupMs)
  setTimeout(() => {
    result.to = epoch()
    const span = result.to - result.from
    result.clientCpu = (cpu() - opened!.client) / span
    result.serverCpu = (cpuMs(load.serverPid) - opened!.server) / span
  }, load.warmupMs + load.durationMs)
  // Each sender's beacons are `interval` ms apart, the senders' schedules spread evenly across it.
  const interval = load.perSecond > 0 ? (1000 * load.senders) / load.perSecond : 0
  await Promise.all(
    Array.from({ length: load.senders }, async (_, s) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      const localAddress = `127.0.${20 + (s >> 6)}.${(s % 64) + 1}`
      let due = started + (interval * s) / load.senders
      for (let n = 0; performance.now() < closes; n++) {
        if (interval > 0) {
          const wait = due - performance.now()
          if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
          due += interval
        }
        const body = JSON.stringify({ path: `/article/${load.slugs[(s * 7919 + n) % load.slugs.length]}`, referrer: n % 3 === 0 ? 'https://www.google.com/' : '' })
        try {
          const res = await request(load.url, { method: 'POST', agent, body, localAddress, headers: { 'Content-Type': 'application/json', 'User-Agent': `${load.userAgents[n % load.userAgents.length]} r${s}-${n}` } })
          const now = performance.now()
          if (res.status !== 204) {
            result.refused++
            result.firstRefusal ??= `HTTP ${res.status}: ${res.body.toString('utf8').slice(0, 200)}`
          } else if (now >= opens && now < closes) result.answered++
        } catch (error) {
          result.refused++
          result.firstRefusal ??= (error as Error).message
        }
      }
      agent.destroy()
    }),
  )
  // The window's closing timer may still be due when the last sender stops.
  while (result.to === 0) await new Promise((resolve) => setTimeout(resolve, 5))
  return result
})
