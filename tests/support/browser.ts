// Debian's Chromium driven by playwright-core, with the flags this closed network needs.

import { chromium, type Browser } from 'playwright-core'

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
