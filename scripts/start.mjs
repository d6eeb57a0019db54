// `npm start`: builds the newspaper's front end, then serves it with the content service.
// `npm run serve` (`--no-build`): serves whatever `dist/` and `dist-server/` already hold.

import { spawnSync } from 'node:child_process'

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--logLevel', 'warn'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// libuv's thread pool (4 threads unless told otherwise) runs scrypt for sign-in, sharp's image
// renders and file reads alike, so renders could leave a sign-in waiting behind them. libuv reads
// UV_THREADPOOL_SIZE once, when the pool first starts, and in the service's process the ES module
// loader starts it before any of the service's code runs: setting it there is too late. So it is
// set here, in the environment the service starts with: the renders allowed at once plus four.
// The service also keeps its renders two short of the pool it finds (server/media/images.ts renderSlots).
const renders = Math.max(1, Math.floor(Number(process.env.IMAGE_RENDER_CONCURRENCY) || 2))
const env = { ...process.env, UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE || String(renders + 4) }
const serve = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env })
process.exit(serve.status ?? 0)
