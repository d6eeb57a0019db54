import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// One runner for every kind of test; each project says where its files live and what they need.
export default defineConfig({
  test: {
    // Two files at a time: the browser tests run one after another (below) and mostly wait on
    // Chromium and the service, while the unit, component and contract files run beside them.
    // Vitest's default on two cores is one at a time, which made a run the sum of every file.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/support/jsdom-setup.ts'],
          // The form tests type whole articles through user-event in jsdom, which takes seconds on a
          // busy two-core machine (CI runs the browser tests beside them): a limit, not a target.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'contract',
          environment: 'node',
          include: ['tests/contract/**/*.test.ts', 'tests/durability/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          // A folder where the files' shared seeded data directories are kept for the run.
          globalSetup: ['tests/support/browser-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time: the machines have two cores.
          fileParallelism: false,
          // Each file in a fresh process: `isolate: false` would keep loaded modules between files,
          // but Vitest then runs this project with one worker, and refuses a run in which it and the
          // other projects (two workers) share a group, which is what keeps them running side by side.
        },
      },
    ],
  },
})
