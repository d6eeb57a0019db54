// Finds Debian's Chromium for the browser tests, installing it with apt when it is missing and this
// user can. Test tools' own browser downloads cannot reach their hosts from these machines.

import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const chromiumCandidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)

export function findChromium() {
  return chromiumCandidates.find((p) => existsSync(p)) ?? null
}

export function ensureChromium(log = console.log) {
  const found = findChromium()
  if (found) return found
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (!isRoot || !hasApt) {
    throw new Error(
      'Chromium is needed for the browser tests and is not installed. Install it with ' +
        '`sudo apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary), then run npm test again.',
    )
  }
  log('Installing Chromium for the browser tests (apt-get install -y chromium)...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env })
  const installed = findChromium()
  if (!installed) throw new Error('apt-get finished but no Chromium binary was found at /usr/bin/chromium')
  return installed
}
