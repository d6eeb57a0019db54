// `npm test`: every test, browser tests included. Installs Chromium when missing (and allowed),
// builds the app the browser tests open, then runs all vitest projects.
// Arguments pass through to vitest (e.g. `npm test -- --project unit`).

import { spawnSync } from 'node:child_process'
import { ensureChromium } from './chromium.mjs'
import { ensureVarnish } from './varnish.mjs'

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const args = process.argv.slice(2)
const onlyOtherProjects = args.includes('--project') && !args.some((a, i) => args[i - 1] === '--project' && a === 'browser')
let chromium = process.env.CHROMIUM_PATH
if (!onlyOtherProjects) {
  try {
    chromium = ensureChromium()
  } catch (error) {
    console.error(error.message)
    process.exit(1)
  }
  // The edge cache test runs Varnish; without it (and no way to install it) that test is skipped, saying why.
  ensureVarnish()
  run(process.execPath, ['scripts/build.mjs', '--logLevel', 'warn'])
}
run('npx', ['vitest', 'run', ...args], { ...process.env, ...(chromium ? { CHROMIUM_PATH: chromium } : {}) })
