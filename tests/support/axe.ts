// The axe audit every browser test runs, as a list of violations that reads well in a failed expect.

import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

export interface AxeOptions {
  /** Audits only what this selector matches (a dialog, the main landmark); the whole page by default. */
  include?: string
}

/**
 * Runs axe in the page itself. @axe-core/playwright's default (runPartial) opens a blank tab after
 * every audit, loads axe's half-megabyte script into it a second time and merges the results there:
 * that is for pages with iframes from other origins, which the newspaper and the admin have none of.
 * Run in the page (its "legacy mode"), an audit finds the same violations in half the time.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode()
  if (options.include) builder.include(options.include)
  const { violations } = await builder.analyze()
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}
