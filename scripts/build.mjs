// `npm run build`: the browser app (dist/), the same routes built for the content service to render
// reader pages with (dist-server/entry-server.js), the reader build of what those pages load in the
// browser (their islands, the read beacon and every document's own script, vite.reader.config.ts,
// with their manifests joined in dist-server/reader-manifest.json), the reader pages' template with
// their critical styles inlined (dist-server/reader.html, scripts/critical-css.ts), then Brotli and
// gzip copies of the app's text files beside them (scripts/precompress.mjs). Extra arguments go to
// the four builds.

import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { precompress } from './precompress.mjs'

const extra = process.argv.slice(2)
const builds = [
  [['build', ...extra]],
  [['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-server', ...extra]],
  [['build', '--config', 'vite.reader.config.ts', ...extra]],
  // Every document's own script, built alone so that it is one file (vite.reader.config.ts).
  [['build', '--config', 'vite.reader.config.ts', ...extra], { READER_BUILD: 'page' }],
]
for (const [args, env] of builds) {
  const result = spawnSync('npx', ['vite', ...args], { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
// The manifests are the renderer's, not files to serve: one, in dist-server/.
const manifests = ['dist/reader-manifest.json', 'dist/page-manifest.json']
writeFileSync('dist-server/reader-manifest.json', JSON.stringify(Object.assign({}, ...manifests.map((file) => JSON.parse(readFileSync(file, 'utf8')))), null, 2))
for (const file of manifests) rmSync(file)
const critical = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/critical-css.ts'], { stdio: extra.includes('--logLevel') ? ['inherit', 'ignore', 'inherit'] : 'inherit' })
if (critical.status !== 0) process.exit(critical.status ?? 1)

const started = performance.now()
const cpuBefore = process.cpuUsage()
const written = await precompress('dist')
if (!extra.includes('--logLevel')) {
  const sum = (key) => written.reduce((total, entry) => total + entry[key], 0)
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`
  // CPU time beside the wall clock: on a busy machine the wall clock mostly measures the others.
  const cpu = process.cpuUsage(cpuBefore)
  console.log(
    `Compressed ${written.length} files in dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU): ${kb(sum('plain'))} as ${kb(sum('br'))} Brotli, ${kb(sum('gz'))} gzip`,
  )
}
