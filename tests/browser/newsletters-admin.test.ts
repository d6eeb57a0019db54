// The admin's Newsletters page in Chromium against a real service and a real SMTP server: an editor
// composes a From the Editors edition from published stories, the page moves to the edition's own
// address after its first save, previews it at a phone's width with the email's own styles, sends a
// test that the SMTP server receives, and sends it after a question naming how many it goes to;
// the delivery log then shows each message sent. Axe at 1280 and 390 px.

import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { testArticle } from '../support/articles.ts'
import { axeViolations } from '../support/axe.ts'
import { testAdmin } from '../support/service.ts'
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts'
import { browserSuite } from '../support/suite.ts'

// Started before the suite is declared, so the service starts with its address.
const smtp: TestSmtp = await startTestSmtp()
afterAll(() => smtp.close())

const subscribers = ['ann@example.org', 'bo@example.org', 'cy@example.org']

const suite = browserSuite({
  env: { SMTP_URL: smtp.url, NEWSLETTER_RATE: '1000' },
  documents: [
    { ...testArticle('night-buses', 30), title: 'Night buses return to the northern line' },
    { ...testArticle('mill-street', 60), title: 'The last bakery on Mill Street' },
    { ...testArticle('late-licences', 90), title: 'Council votes on late licences' },
  ],
  seed: async ({ service }) => {
    const store = service.readers.store
    for (const email of subscribers) store.confirm(store.signUp(email, ['editors-edition'])._id)
    // Neither gets it: one never confirmed, one chose the Morning Briefing alone.
    store.signUp('pending@example.org', ['editors-edition'])
    store.confirm(store.signUp('mornings@example.org', ['morning-briefing'])._id)
  },
})

const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 900 }

async function signIn(page: Page): Promise<void> {
  await page.goto(`${suite.service.url}/admin/login`)
  await page.getByLabel('Email').fill(testAdmin.email)
  await page.getByLabel('Password').fill(testAdmin.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { name: 'Content Dashboard' }).waitFor()
}

async function axeAt(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport)
  expect(await axeViolations(page), `axe at ${viewport.width} px`).toEqual([])
}

async function received(subject: string, count: number) {
  const until = Date.now() + 15_000
  for (;;) {
    const found = smtp.received.filter((email) => email.subject === subject)
    if (found.length >= count) return found
    if (Date.now() > until) throw new Error(`${found.length} of ${count} emails "${subject}"; received: ${smtp.received.map((e) => `${e.to} ${e.subject}`).join('; ')}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the Newsletters page', () => {
  it('composes an edition, previews it at 390 px, sends a test, then sends it to the number it names', async () => {
    const page = await suite.newPage({ viewport: desktop })
    await signIn(page)
    await page.goto(`${suite.service.url}/admin/newsletters`)
    await page.getByRole('heading', { level: 1, name: 'Newsletters' }).waitFor()
    expect(await page.getByRole('region', { name: 'From the Editors' }).textContent()).toContain('3 confirmed subscribers would receive the next one.')
    await axeAt(page, desktop)

    await page.getByRole('link', { name: 'New edition of From the Editors' }).click()
    await page.getByRole('heading', { level: 1, name: 'New edition of From the Editors' }).waitFor()
    await page.getByLabel('Subject').fill('Weekend reading')
    await page.getByLabel('Introduction').fill('Two stories for a quiet Sunday.')
    await page.getByRole('button', { name: 'Add “Night buses return to the northern line”' }).click()
    await page.getByRole('button', { name: 'Add “The last bakery on Mill Street”' }).click()
    await page.getByRole('button', { name: 'Save draft' }).click()
    // Saved: the edition's own address, the composer as it was.
    await page.waitForURL((url) => /^\/admin\/newsletters\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'))
    await page.getByRole('heading', { level: 1, name: 'Edition of From the Editors' }).waitFor()
    expect(await page.getByRole('status').filter({ hasText: 'Draft saved.' }).count()).toBe(1)
    expect(await page.getByLabel('Subject').inputValue()).toBe('Weekend reading')

    // The preview at a phone's width: the email from the service's own address, with its styles.
    await page.setViewportSize(phone)
    await page.getByRole('button', { name: 'Preview' }).click()
    const frame = page.getByTitle("The email's HTML, phone (390 px)")
    await frame.waitFor()
    expect(await frame.getAttribute('src')).toMatch(/\/newsletters\/preview\?token=/)
    expect(await frame.getAttribute('width')).toBe('390')
    const email = page.frameLocator('iframe.edition-preview__frame')
    await email.getByText('Two stories for a quiet Sunday.', { exact: true }).waitFor()
    await email.getByRole('link', { name: 'The last bakery on Mill Street' }).first().waitFor()
    // The email's inline styles apply (in the admin's own frame they could not).
    expect(await email.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(244, 241, 234)')
    await axeAt(page, phone)

    await page.getByRole('button', { name: 'Send test to me' }).click()
    await page.getByRole('status').filter({ hasText: `Test sent to ${testAdmin.email}.` }).waitFor()
    const [test] = await received('[Test] Weekend reading', 1)
    expect(test!.to).toEqual([testAdmin.email])

    await page.setViewportSize(desktop)
    await page.getByRole('button', { name: 'Send now' }).click()
    const question = page.getByRole('dialog')
    await question.getByText('Send this edition now to 3 confirmed subscribers of From the Editors?').waitFor()
    await axeAt(page, desktop)
    await question.getByRole('button', { name: 'Send now' }).click()

    // The delivery log, followed while it sends, shows each subscriber's copy sent.
    await page.getByText('Sent to 3 of 3 subscribers').first().waitFor({ timeout: 20_000 })
    const sent = await received('Weekend reading', 3)
    expect(sent.flatMap((message) => message.to).sort()).toEqual(subscribers)
    const log = page.getByRole('table')
    for (const address of subscribers) expect(await log.getByRole('row').filter({ hasText: address }).textContent()).toContain('Sent')
    await axeAt(page, desktop)
    await axeAt(page, phone)

    // /new was replaced: Back leads to the list, which shows the edition sent.
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: 'Newsletters' }).waitFor()
    await page.getByRole('row').filter({ hasText: 'Weekend reading' }).filter({ hasText: 'Sent to 3 of 3 subscribers' }).waitFor()
    await axeAt(page, phone)
  })
})
