// `npm run build`: the browser app (dist/) and the same routes built for the content service to
// render reader pages with (dist-server/entry-server.js). Extra arguments go to both builds.

import { spawnSync } from 'node:child_process'

const extra = process.argv.slice(2)
for (const args of [['build', ...extra], ['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-server', ...extra]]) {
  const result = spawnSync('npx', ['vite', ...args], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
