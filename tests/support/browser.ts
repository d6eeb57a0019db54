// Debian's Chromium driven by playwright-core, with the flags this closed network needs.

import { chromium, type Browser, type Page, type Response } from 'playwright-core'

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  return chromium.launch({ executablePath, args: chromiumArgs })
}

/**
 * Opens a reader page and waits until it responds to the reader. The service sends pages already
 * rendered, so they are readable before any script runs. A page the whole app takes over (it carries
 * the app's page data) responds once the app has taken it over: a test that clicks a button or a
 * link must wait for that, as a reader's click would otherwise land on the page before it responds.
 * A document (docs/decisions/031-islands.md) is plain HTML and responds once its own script has run
 * (its loader adds it once the page has painted; the header's Escape comes with it); a test of one
 * of its islands waits for that island's `[data-hydrated]` itself. Both set the same mark
 * (`interactiveMark`, shared/pageData.ts).
 */
export async function gotoApp(page: Page, url: string, options?: Parameters<Page['goto']>[1]): Promise<Response | null> {
  const response = await page.goto(url, options)
  // A function, not a string: Playwright evaluates a string predicate with eval, which the pages'
  // Content-Security-Policy refuses.
  await page.waitForFunction(() => performance.getEntriesByName('resonance:interactive').length > 0)
  return response
}
