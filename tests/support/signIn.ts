// Signing in to the admin area in a browser test, as an editor does: the sign-in page's own form,
// then the dashboard it leads to. The session it stores belongs to the page's browser context, so
// every page opened in that context afterwards is signed in.

import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import type { BrowserSuite } from './suite.ts'

export interface Login {
  email: string
  password: string
}

/** Signs in at `{origin}/admin/login` and waits for the dashboard. */
export async function signInToAdmin(page: Page, origin: string, login: Login): Promise<void> {
  await page.goto(`${origin}/admin/login`)
  await page.getByLabel('Email').fill(login.email)
  await page.getByLabel('Password').fill(login.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/dashboard')
}

/** A new browser context of the suite, signed in as `login`: every page opened in it is in the admin. */
export async function signedInContext(suite: Pick<BrowserSuite, 'newContext' | 'service'>, login: Login, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await suite.newContext(options)
  const page = await context.newPage()
  await signInToAdmin(page, suite.service.url, login)
  await page.close()
  return context
}
