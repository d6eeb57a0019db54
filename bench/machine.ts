// Which machine the numbers came from; benchmarks mean little without it.

import { cpus, totalmem, freemem, loadavg, platform, release, arch } from 'node:os'

export function describeMachine(now = new Date()): string[] {
  const list = cpus()
  const model = list[0]?.model.trim() ?? 'unknown CPU'
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`
  return [
    `Machine: ${model}, ${list.length} cores, ${gib(totalmem())} memory (${gib(freemem())} free), ${platform()} ${release()} ${arch()}`,
    `Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}, ${now.toISOString()}`,
  ]
}
