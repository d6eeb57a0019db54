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
 * Opens a reader page and waits until the app has taken it over. The service sends pages already
 * rendered, so they are readable before the app runs; a test that clicks a button or a link must
 * wait for the app, as a reader's click would otherwise land on the page before it responds.
 */
export async function gotoApp(page: Page, url: string, options?: Parameters<Page['goto']>[1]): Promise<Response | null> {
  const response = await page.goto(url, options)
  // A function, not a string: Playwright evaluates a string predicate with eval, which the pages'
  // Content-Security-Policy refuses.
  await page.waitForFunction(() => performance.getEntriesByName('resonance:interactive').length > 0)
  return response
}
