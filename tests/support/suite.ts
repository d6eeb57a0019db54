// The set-up every browser test file shares: a real content service serving the built app, the
// dataset the file reads, and one Chromium, all started once before the file's tests and stopped
// after them. Each file says only what differs (the service's settings, its documents).

import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { SanityDocumentStub } from '@sanity/client'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { launchChromium } from './browser.ts'
import { prepareDataDir, startTestService, type TestService } from './service.ts'

export interface BrowserSuiteOptions {
  /** Settings for the service beyond serving the built app from dist/ (SEED, ADMIN_EMAIL, …). */
  env?: Record<string, string>
  /** Documents created as the admin in one transaction, so the pages never see half a dataset. */
  documents?: SanityDocumentStub[]
  /**
   * Writes what a list of documents cannot say (uploaded images, users, documents that refer to
   * what the service returns); runs after `documents` are created and before Chromium starts.
   */
  seed?: (suite: BrowserSuite) => Promise<unknown>
  /**
   * Signs in as the test admin and keeps the token in `suite.token`; implied by `documents`. Off by
   * default, as a service started with other admin credentials (the demo's) has no test admin.
   */
  adminToken?: boolean
  /** The viewport of the contexts `newContext` and `newPage` open when they are not given one. */
  viewport?: BrowserContextOptions['viewport']
}

export interface BrowserSuite {
  /** The running service; a test that restarts it assigns the new one here, so it is the one stopped. */
  service: TestService
  /** The admin's bearer token (with `adminToken` or `documents`); '' otherwise. */
  token: string
  browser: Browser
  /** A context closed after the file's tests, for tests that leave theirs open. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>
  /** A page in a context of its own, closed after the file's tests. */
  newPage(options?: BrowserContextOptions): Promise<Page>
}

/**
 * A fresh copy of a data directory that a first start with these settings filled, for a file to
 * start its service over (as the service restarted). Loading the demo newspaper renders and stores
 * its pictures and clips, seconds of work that every file with the same settings would otherwise
 * repeat: the run fills one directory per set of settings, once, and each file gets its own copy.
 * The demo's dates are those of that first start, minutes before the later files read them, as
 * they would be for readers of a service started minutes earlier.
 */
async function seededDataDir(env: Record<string, string>): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), 'resonance-test-'))
  const template = join(inject('seededDataDirs'), createHash('sha256').update(JSON.stringify(Object.entries(env).sort())).digest('hex').slice(0, 16))
  if (!existsSync(template)) {
    // Filled beside it and renamed into place, so a file stopped half-way leaves no half a dataset.
    const filling = mkdtempSync(`${template}-`)
    await prepareDataDir(filling, env)
    renameSync(filling, template)
  }
  cpSync(template, copy, { recursive: true })
  return copy
}

/**
 * Registers the file's beforeAll and afterAll and returns the object the tests read them from. Its
 * fields are set by beforeAll, so read them inside hooks and tests, never at the top of the file.
 */
export function browserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  const contexts: BrowserContext[] = []
  const suite: BrowserSuite = {
    service: undefined as unknown as TestService,
    token: '',
    browser: undefined as unknown as Browser,
    newContext: async (contextOptions = {}) => {
      const context = await suite.browser.newContext({ ...(options.viewport ? { viewport: options.viewport } : {}), ...contextOptions })
      contexts.push(context)
      return context
    },
    newPage: async (contextOptions) => (await suite.newContext(contextOptions)).newPage(),
  }

  beforeAll(async () => {
    const env: Record<string, string> = { STATIC_DIR: resolve('dist'), ...options.env }
    const dataDir = env.SEED === 'demo' && !env.DATA_DIR ? await seededDataDir(env) : undefined
    suite.service = await startTestService(dataDir ? { ...env, DATA_DIR: dataDir } : env)
    if (options.adminToken || options.documents) suite.token = await suite.service.adminToken()
    if (options.documents?.length) {
      const tx = suite.service.client({ token: suite.token }).transaction()
      for (const doc of options.documents) tx.create(doc)
      await tx.commit()
    }
    await options.seed?.(suite)
    suite.browser = await launchChromium()
  })

  afterAll(async () => {
    // Each step guarded: a beforeAll that failed part-way leaves the later fields unset.
    for (const context of contexts) await context.close()
    await suite.browser?.close()
    const dataDir = suite.service?.dataDir
    await suite.service?.stop()
    // A test that restarts the service over the same directory passes DATA_DIR, which stop() leaves
    // in place; the directory is still this file's, unless the file itself chose it.
    if (dataDir && !options.env?.DATA_DIR) rmSync(dataDir, { recursive: true, force: true })
  })

  return suite
}
