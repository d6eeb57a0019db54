// The admin's Webhooks page in Chromium against a real service and a real receiver: an admin finds
// it in the side navigation, is told what is wrong with a bad URL and a filter that does not parse,
// creates a hook from the keyboard, sees the delivery of a publish in the hook's log, and deletes
// the hook after a confirmation. Editors have no link to it and are told it is for admins. Axe on
// every state, at desktop and phone widths.

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReceiver, type Receiver } from '../contract/webhooks.receiver.ts'
import { testArticle } from '../support/articles.ts'
import { testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'

const editor = { email: 'editor@resonance.test', password: 'an editor password' }

let receiver: Receiver
beforeAll(async () => {
  receiver = await startReceiver()
})
afterAll(async () => {
  await receiver.close()
})

const suite = browserSuite({
  adminToken: true,
  env: { WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_RETRY_MAX_MS: '200' },
  seed: ({ service }) => service.auth.upsertUser(editor.email, editor.password, 'editor'),
})

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${suite.service.url}/admin/login`)
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { name: 'Content Dashboard' }).waitFor()
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([])
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' })
const form = (page: Page) => page.getByRole('form', { name: 'New webhook' })
const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text })

describe('the Webhooks page', () => {
  it('lets an admin create a hook, read its delivery log after a publish, and delete it', async () => {
    const page = await suite.newPage()
    await signIn(page, testAdmin)
    await nav(page).getByRole('link', { name: 'Webhooks' }).click()
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor()
    expect(await page.title()).toBe('Webhooks | Resonance Admin')
    await page.getByText('No webhooks yet. Create one below.').waitFor()
    await expectNoAxeViolations(page)

    // The form's own checks: focus on the first field wrong, each message under its field.
    await form(page).getByRole('button', { name: 'Create webhook' }).click()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('url')
    await form(page).getByText('Enter the URL to send changes to.').waitFor()
    await form(page).getByText('Enter a secret: each delivery is signed with it.').waitFor()
    await expectNoAxeViolations(page)

    // The service's answer for a filter that does not parse, at the filter.
    await form(page).getByLabel('Name').fill('Purge the edge cache')
    await form(page).getByLabel('URL').fill(`${receiver.url}/purge`)
    await form(page).getByLabel('Filter (GROQ)').fill('_type ==')
    await form(page).getByLabel('Projection (GROQ)').fill('{_id, title}')
    await form(page).getByLabel('Secret').fill('a shared secret')
    await form(page).getByRole('button', { name: 'Create webhook' }).click()
    const filter = form(page).getByLabel('Filter (GROQ)')
    await form(page).getByText(/^The filter is not valid GROQ: /).waitFor()
    expect(await filter.getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByText('No webhooks yet. Create one below.').isVisible()).toBe(true)

    // Corrected and sent from the keyboard.
    await filter.fill('_type == "article"')
    await form(page).getByLabel('Secret').press('Enter')
    await toast(page, 'Webhook created').waitFor()
    const hook = page.getByRole('article', { name: 'Purge the edge cache' })
    await hook.waitFor()
    expect(await hook.getByText('Create, update and delete in production').isVisible()).toBe(true)
    expect(await hook.getByText('No deliveries waiting or failed').isVisible()).toBe(true)
    // The form starts empty again, and the secret is never shown.
    expect(await form(page).getByLabel('URL').inputValue()).toBe('')
    expect(await page.getByText('a shared secret').count()).toBe(0)

    // A publish reaches the receiver and the log.
    await suite.service.client({ token: suite.token }).create(testArticle('webhook-story', 5))
    await receiver.nth('/purge', 1)
    await hook.getByRole('link', { name: 'Delivery log of Purge the edge cache' }).click()
    await page.waitForURL(/\/admin\/webhooks\?hook=/)
    const log = page.getByRole('region', { name: 'Deliveries' })
    await log.waitFor()
    const row = log.getByRole('row').filter({ hasText: 'webhook-story' })
    expect(await row.getByRole('cell').allTextContents()).toEqual([expect.stringMatching(/^Create/), 'Delivered', '1', '200', 'None'])
    await page.getByRole('heading', { level: 2, name: 'Delivery log: Purge the edge cache' }).waitFor()
    await expectNoAxeViolations(page)

    // Deleted after the question, and its log goes with it.
    await hook.getByRole('button', { name: 'Delete Purge the edge cache' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete webhook' })
    await dialog.getByText('Are you sure you want to delete "Purge the edge cache"?').waitFor()
    expect(await dialog.getByText('Its delivery log goes with it, and deliveries still waiting are never sent.').isVisible()).toBe(true)
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await toast(page, 'Webhook deleted').waitFor()
    await page.getByText('No webhooks yet. Create one below.').waitFor()
    expect(await page.getByRole('region', { name: 'Deliveries' }).count()).toBe(0)
  })

  it('reads at phone width with nothing wider than the screen', async () => {
    const page = await suite.newPage({ viewport: { width: 390, height: 844 } })
    await signIn(page, testAdmin)
    await page.goto(`${suite.service.url}/admin/webhooks`)
    await form(page).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectNoAxeViolations(page)
  })

  it('is not offered to editors, and tells one who opens it that it is for admins', async () => {
    const page = await suite.newPage()
    await signIn(page, editor)
    expect(await nav(page).getByRole('link', { name: 'Webhooks' }).count()).toBe(0)
    await page.goto(`${suite.service.url}/admin/webhooks`)
    await page.getByText('Your role cannot manage webhooks.').waitFor()
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0)
    await expectNoAxeViolations(page)
  })
})
