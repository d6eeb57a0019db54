// `npm start`: builds the newspaper's front end, then serves it with the content service.

import { spawnSync } from 'node:child_process'

const build = spawnSync(process.execPath, ['scripts/build.mjs', '--logLevel', 'warn'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)
const serve = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' })
process.exit(serve.status ?? 0)
