// Finds Varnish and its xkey module for the edge cache test (tests/browser/edge-cache.test.ts),
// installing Debian's varnish and varnish-modules with apt when they are missing and this user can,
// as scripts/chromium.mjs does for Chromium. Where they cannot be installed the test says so and is
// skipped; nothing else needs them.

import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const varnishd = '/usr/sbin/varnishd'
const xkeyModules = ['/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so', '/usr/lib/aarch64-linux-gnu/varnish/vmods/libvmod_xkey.so', '/usr/lib/varnish/vmods/libvmod_xkey.so']

export function hasVarnish() {
  return existsSync(varnishd) && xkeyModules.some((p) => existsSync(p))
}

/** True when Varnish with xkey is there (installed now if need be); false, with the reason logged, when it cannot be. */
export function ensureVarnish(log = console.log) {
  if (hasVarnish()) return true
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (!isRoot || !hasApt) {
    log('Varnish is not installed and cannot be installed here (needs root and apt-get): the edge cache test will be skipped. Install it with `sudo apt-get install -y varnish varnish-modules`.')
    return false
  }
  log('Installing Varnish for the edge cache test (apt-get install -y varnish varnish-modules)...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  try {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'varnish', 'varnish-modules'], { stdio: 'inherit', env })
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'varnish', 'varnish-modules'], { stdio: 'inherit', env })
  }
  // Debian starts the packaged service on port 6081; the test runs its own instance.
  spawnSync('sh', ['-c', 'systemctl stop varnish 2>/dev/null || service varnish stop 2>/dev/null || true'], { stdio: 'ignore' })
  return hasVarnish()
}

/**
 * The VCL the repository ships (deploy/varnish/default.vcl) with its example backends' ports (the
 * service on 3000, render processes on 3001 and 3002) replaced, for an instance started by a test or
 * the benchmark.
 */
export function shippedVcl({ content, render }) {
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'deploy', 'varnish', 'default.vcl')
  return readFileSync(file, 'utf8')
    .replace('.port = "3000"', `.port = "${content}"`)
    .replace('.port = "3001"', `.port = "${render[0]}"`)
    .replace('.port = "3002"', `.port = "${render[1]}"`)
}
