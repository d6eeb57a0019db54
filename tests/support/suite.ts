// The set-up every browser test file shares: a real content service serving the built app, the
// dataset the file reads, and one Chromium, all started once before the file's tests and stopped
// after them. Each file says only what differs (the service's settings, its documents).

import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import type { SanityDocumentStub } from '@sanity/client'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium } from './browser.ts'
import { startTestService, type TestService } from './service.ts'

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
    suite.service = await startTestService({ STATIC_DIR: resolve('dist'), ...options.env })
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
