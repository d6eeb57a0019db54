// The browser project's global set-up: a folder for the run's seeded data directories (see
// seededDataDir in suite.ts), removed when the run ends.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDirs: string
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-seeded-'))
  project.provide('seededDataDirs', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}
