// Starts a real content service on a free port over a fresh data directory, for tests.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SanityClient } from '@sanity/client'
import { loadConfig, type Config } from '../../server/config.ts'
import { openParts, prepare, startService, type Service } from '../../server/service.ts'

export interface TestService extends Service {
  config: Config
  dataDir: string
  /** An anonymous client (published content only), with retries off so failures surface at once. */
  client(options?: { token?: string; apiVersion?: string; perspective?: 'published' | 'drafts' | 'raw' }): SanityClient
  /** Signs in as the admin user created on first start and returns the bearer token. */
  adminToken(): Promise<string>
  stop(): Promise<void>
}

export const testAdmin = { email: 'admin@resonance.test', password: 'correct horse battery' }

function testConfig(env: Record<string, string>, dataDir: string): Config {
  return loadConfig({
    PORT: '0',
    SEED: 'none',
    ADMIN_EMAIL: testAdmin.email,
    ADMIN_PASSWORD: testAdmin.password,
    STATIC_DIR: join(dataDir, 'no-static'),
    // `QUERY_REPLICA=off npx vitest run --project contract …` runs the contract tests with query workers that keep no replica.
    ...(process.env.QUERY_REPLICA ? { QUERY_REPLICA: process.env.QUERY_REPLICA } : {}),
    ...env,
    DATA_DIR: dataDir,
  })
}

/**
 * Fills `dataDir` as a service's first start with these settings would (the dataset, the admin user,
 * the demo newspaper with SEED=demo) without serving anything, and closes it again, so that copies
 * of the directory start as that service restarted.
 */
export async function prepareDataDir(dataDir: string, env: Record<string, string> = {}): Promise<void> {
  const config = testConfig(env, dataDir)
  const parts = openParts(config)
  try {
    await prepare(parts, config)
  } finally {
    parts.store.close()
    parts.auth.close()
  }
}

export async function startTestService(env: Record<string, string> = {}): Promise<TestService> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'resonance-test-'))
  const config = testConfig(env, dataDir)
  const service = await startService(config)
  const base = `http://127.0.0.1:${service.port}`
  let token: string | null = null
  return {
    ...service,
    url: base,
    config,
    dataDir,
    client: (options = {}) =>
      createClient({
        apiHost: base,
        useProjectHostname: false,
        projectId: config.projectId,
        dataset: config.dataset,
        apiVersion: options.apiVersion ?? '2023-05-03',
        useCdn: false,
        maxRetries: 0,
        token: options.token,
        perspective: options.perspective,
      }),
    adminToken: async () => {
      if (token) return token
      const res = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(testAdmin),
      })
      if (!res.ok) throw new Error(`Admin sign-in failed: ${res.status} ${await res.text()}`)
      token = ((await res.json()) as { access_token: string }).access_token
      return token
    },
    stop: async () => {
      await service.close()
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
