// `npm run bench`: prints the machine, then runs each section in order and prints its table.
// A benchmark, not a test: slow numbers are reported (targets marked ✓/✗), never a failed exit.
// BENCH_SIZES=1000,10000 chooses the content datasets (default 1,000, 10,000 and 100,000 articles).

import { archiveSection } from './archive.ts'
import { cleanupAll } from './cleanup.ts'
import { contentSection } from './content.ts'
import { edgeSection } from './edge.ts'
import { feedsSection } from './feeds.ts'
import { firstLoadSection } from './firstLoad.ts'
import { hostileSection } from './hostile.ts'
import { liveBlogSection } from './liveblog.ts'
import { describeMachine } from './machine.ts'
import { newsletterSection } from './newsletter.ts'
import { publishToScreenSection } from './publishToScreen.ts'
import { readerSection } from './reader.ts'
import { readsSection } from './reads.ts'
import { searchSection } from './search.ts'
import { formatTable, type Section } from './table.ts'
import { writesSection } from './writes.ts'

// BENCH_SECTIONS=reader (or content, feeds, writes, first-load, edge, hostile, search, reads, newsletter, archive, liveblog, publish-to-screen) runs one section. first-load reads the
// dist/ that reader builds.
const chosen = (process.env.BENCH_SECTIONS ?? 'content,feeds,writes,reader,first-load,edge,hostile,search,reads,newsletter,archive,liveblog,publish-to-screen').split(',').map((s) => s.trim())
const sections: Section[] = [contentSection(), feedsSection(), writesSection(), readerSection(), firstLoadSection(), edgeSection(), hostileSection(), searchSection(), readsSection(), newsletterSection(), archiveSection(), liveBlogSection(), publishToScreenSection()].filter((s) => chosen.some((c) => s.name.startsWith(c)))

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    process.stderr.write(`\n${signal}: stopping the services and removing temporary files\n`)
    void cleanupAll().then(() => process.exit(130))
  })
}

const started = performance.now()
console.log(describeMachine().join('\n'))
let failed = false
for (const section of sections) {
  const sectionStarted = performance.now()
  try {
    const table = await section.run()
    console.log(`\n${formatTable(table)}`)
    console.log(`\n(${section.name}: ${((performance.now() - sectionStarted) / 1000).toFixed(0)} s)`)
  } catch (error) {
    failed = true
    console.error(`\nThe "${section.name}" section failed:`, error)
  } finally {
    await cleanupAll()
  }
}
console.log(`\nTotal: ${((performance.now() - started) / 1000).toFixed(0)} s`)
// A section that could not run at all is an error; a slow result is not.
if (failed) process.exitCode = 1
