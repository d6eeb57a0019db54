// Builds a benchmark dataset on disk in its own process (dataset-worker.ts): generating and
// committing 100,000 articles takes a few GiB of garbage the timing process should not inherit.

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
}

export function buildDataset(options: DatasetOptions): Promise<DatasetInfo> {
  return runWorker<DatasetOptions, DatasetInfo>('./dataset-worker.ts', options, { execArgv: ['--max-old-space-size=8192'] })
}
