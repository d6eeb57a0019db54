// Builds a benchmark dataset on disk in its own process (dataset-worker.ts): generating and
// committing 100,000 articles takes a few GiB of garbage the timing process should not inherit.
//
// A built dataset is kept in a cache folder (BENCH_DATASET_CACHE, default
// ~/.cache/resonance-bench/datasets; `off` keeps none) and copied from there by later runs: 100,000
// articles take minutes to build and seconds to copy. A cached dataset is named by its size and a
// hash of the code that decides what is stored (the store, its indexes and keys, the generator), so a
// change to any of them builds a new one; its dates are those of the day it was built.

import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { onCleanup } from './cleanup.ts'
import { runWorker } from './worker.ts'

export interface DatasetOptions {
  dataDir: string
  dataset: string
  articles: number
  /** Articles per transaction. */
  chunk: number
}

export interface DatasetInfo {
  documents: number
  articles: number
  generateMs: number
  commitMs: number
  databaseBytes: number
  /** Published article ids and slugs spread evenly over the dataset, newest first. */
  sample: Array<{ id: string; slug: string }>
  /** Set when the dataset was copied from the cache: when it was built. */
  cachedFrom?: string
}

export function buildDataset(options: DatasetOptions): Promise<DatasetInfo> {
  return runWorker<DatasetOptions, DatasetInfo>('./dataset-worker.ts', options, { execArgv: ['--max-old-space-size=8192'] })
}

const root = fileURLToPath(new URL('..', import.meta.url))
/** What decides the bytes of a built dataset: its code changing makes a new cached one. */
const sources = ['server/store', 'server/search', 'server/seed', 'server/groq/pairs.ts', 'shared/draftOverlay.ts', 'bench/dataset-worker.ts']

function sourceHash(): string {
  const hash = createHash('sha256')
  const add = (path: string) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) add(join(path, name))
    else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) hash.update(path.slice(root.length)).update(readFileSync(path))
  }
  for (const source of sources) add(join(root, source))
  return hash.digest('hex').slice(0, 12)
}

function cacheDir(): string | null {
  const setting = process.env.BENCH_DATASET_CACHE?.trim()
  if (setting === 'off') return null
  return setting || join(homedir(), '.cache', 'resonance-bench', 'datasets')
}

/**
 * The dataset in `options.dataDir`: copied from the cache when it holds one built by the same code,
 * else built, and then kept in the cache for the next run.
 */
export async function datasetInto(options: DatasetOptions, log: (line: string) => void = () => {}): Promise<DatasetInfo> {
  const cache = cacheDir()
  if (!cache) return buildDataset(options)
  const name = `${options.dataset}-${options.articles}-${options.chunk}-`
  const folder = join(cache, `${name}${sourceHash()}`)
  const infoFile = join(folder, 'info.json')
  if (!existsSync(infoFile)) {
    const building = `${folder}.building-${process.pid}`
    const removeBuilding = () => rmSync(building, { recursive: true, force: true })
    const forget = onCleanup(removeBuilding)
    removeBuilding()
    const info = await buildDataset({ ...options, dataDir: building })
    writeFileSync(join(building, 'info.json'), JSON.stringify({ ...info, cachedFrom: new Date().toISOString() }))
    // One kept dataset per size: those built by older code are gigabytes no run will read again.
    for (const older of readdirSync(cache)) if (older.startsWith(name) && join(cache, older) !== building) rmSync(join(cache, older), { recursive: true, force: true })
    renameSync(building, folder)
    forget()
    log(`  built and kept in ${folder}`)
  } else log(`  copied from ${folder}`)
  mkdirSync(options.dataDir, { recursive: true })
  for (const name of readdirSync(folder)) if (name.startsWith('content.db')) copyFileSync(join(folder, name), join(options.dataDir, name))
  return JSON.parse(readFileSync(infoFile, 'utf8')) as DatasetInfo
}
