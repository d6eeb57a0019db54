// The admin's Inbox, Subscribers and Outbox pages in Chromium against a real content service whose
// readers wrote in and signed up through the reader forms: unread messages counted in the side
// navigation, a message opened (and so read) and marked unread again, markup a reader typed shown as
// text, the subscriber counts, filter and CSV export, the outbox saying no email is sent (no SMTP
// server configured), the filters kept in the address, and axe on every page.

import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'

const letters = {
  fullName: '<b>Tom</b> Whitcombe',
  email: 'tom@example.com',
  subject: 'Newsroom test: <i>letters</i> page',
  message: 'I would like to write for the letters page.\n\nSecond paragraph <img src=x onerror=alert(1)>.',
}
const bus = { fullName: 'Ada Okafor', email: 'ada@example.com', subject: 'Newsroom test: the 38 bus', message: 'It runs every 6 minutes, not 4.' }
const flood = { fullName: 'Priya Raman', email: 'priya@example.com', subject: 'Newsroom test: flood coverage', message: 'Thank you.' }
const signUps = [
  { email: 'first.subscriber@example.com', newsletters: ['morning-briefing'] },
  { email: 'second.subscriber@example.com', newsletters: ['morning-briefing', 'editors-edition'] },
]

async function post(base: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
}

const suite = browserSuite({
  // Readers write in through the forms, oldest first, so the newest is the letters page's.
  seed: async ({ service }) => {
    for (const message of [flood, bus, letters]) await post(service.url, '/contact', message)
    for (const signUp of signUps) await post(service.url, '/subscribe', signUp)
  },
})

async function signIn(page: Page): Promise<void> {
  await page.goto(`${suite.service.url}/admin/login`)
  await page.getByLabel('Email').fill(testAdmin.email)
  await page.getByLabel('Password').fill(testAdmin.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { name: 'Content Dashboard' }).waitFor()
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([])
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' })
const summary = (page: Page) => page.locator('.newsroom-list__summary')

describe('the inbox', () => {
  it('counts unread messages, opens one as plain text (reading it) and marks it unread again', async () => {
    const page = await suite.newPage()
    await signIn(page)
    await nav(page).getByRole('link', { name: 'Inbox, 3 unread' }).click()
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor()
    expect(await page.title()).toBe('Inbox | Resonance Admin')
    await summary(page).filter({ hasText: '3 unread. Showing 1–3 of 3 messages.' }).waitFor()
    const table = page.getByRole('table', { name: 'Messages, newest first' })
    const links = table.getByRole('rowheader').getByRole('link')
    expect(await links.allTextContents()).toEqual([letters.subject, bus.subject, flood.subject])
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')))).toEqual([letters, bus, flood].map((m) => `${m.subject}, unread`))
    expect(await table.getByRole('row').filter({ hasText: bus.subject }).getByRole('cell').first().textContent()).toBe('● Unread')
    // What a reader typed is text: the name shows its angle brackets, and no element came of it.
    expect(await table.getByText(letters.fullName, { exact: true }).isVisible()).toBe(true)
    expect(await page.locator('main b, main i, main img').count()).toBe(0)
    await expectNoAxeViolations(page)

    // Only unread, kept in the address.
    await page.getByRole('group', { name: 'Show messages' }).getByRole('button', { name: 'Unread' }).click()
    await page.waitForURL(/\/admin\/inbox\?show=unread$/)
    await page.getByRole('table', { name: 'Unread messages, newest first' }).waitFor()

    // Opened from the keyboard: the message in full, read, and one fewer unread.
    await page.getByRole('link', { name: `${letters.subject}, unread` }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: letters.subject }).waitFor()
    expect(await page.title()).toBe('Message | Resonance Admin')
    expect(await page.locator('.message-view__body').textContent()).toBe(letters.message)
    expect(await page.locator('main b, main i, main img').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Reply by email' }).getAttribute('href')).toBe(`mailto:${letters.email}?subject=${encodeURIComponent(`Re: ${letters.subject}`)}`)
    await nav(page).getByRole('link', { name: 'Inbox, 2 unread' }).waitFor()
    expect(await page.locator('.message-view__meta').getByText(/^Read /).isVisible()).toBe(true)
    await expectNoAxeViolations(page)

    // Marked unread: back to the view it came from, counted again.
    await page.getByRole('button', { name: 'Mark as unread' }).click()
    await page.locator('.toast').filter({ hasText: 'Marked as unread' }).waitFor()
    await page.waitForURL(/\/admin\/inbox\?show=unread$/)
    await summary(page).filter({ hasText: 'Showing 1–3 of 3 unread messages.' }).waitFor()
    await nav(page).getByRole('link', { name: 'Inbox, 3 unread' }).waitFor()

    // Read one, then the full list marks it read in words.
    await page.getByRole('link', { name: `${flood.subject}, unread` }).click()
    await page.getByRole('heading', { level: 1, name: flood.subject }).waitFor()
    await page.getByRole('link', { name: 'Back to inbox' }).click()
    await page.getByRole('group', { name: 'Show messages' }).getByRole('button', { name: 'All' }).click()
    await summary(page).filter({ hasText: '2 unread. Showing 1–3 of 3 messages.' }).waitFor()
    const floodRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: flood.subject, exact: true }) })
    expect(await floodRow.getByRole('cell').first().textContent()).toBe('Read')
  })

  it('says when a message does not exist', async () => {
    const page = await suite.newPage()
    await signIn(page)
    await page.goto(`${suite.service.url}/admin/inbox/no-such-message`)
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load the message.' })
    await alert.waitFor()
    expect(await alert.textContent()).toContain('No message with id "no-such-message"')
    await expectNoAxeViolations(page)
  })
})

describe('the subscribers', () => {
  it('counts them by status, filters them in the address and exports them as CSV', async () => {
    const page = await suite.newPage({ acceptDownloads: true })
    await signIn(page)
    await nav(page).getByRole('link', { name: 'Subscribers' }).click()
    await page.getByRole('heading', { level: 1, name: 'Subscribers' }).waitFor()
    expect(await page.title()).toBe('Subscribers | Resonance Admin')
    await summary(page).filter({ hasText: 'Showing 1–2 of 2 subscribers.' }).waitFor()
    const counts = page.getByRole('region', { name: 'Subscribers by status' })
    expect(await counts.getByRole('term').allTextContents()).toEqual(['Pending', 'Confirmed', 'Unsubscribed'])
    expect(await counts.locator('.subscriber-counts__number').allTextContents()).toEqual(['2', '0', '0'])
    const table = page.getByRole('table', { name: 'Subscribers, newest first' })
    expect(await table.getByRole('rowheader').allTextContents()).toEqual([signUps[1]!.email, signUps[0]!.email])
    expect(await table.getByRole('row').filter({ hasText: signUps[0]!.email }).getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['The Morning Briefing', 'Pending']))
    await expectNoAxeViolations(page)

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = readFileSync((await file.path())!, 'utf8').trim().split(/\r?\n/)
    expect(lines[0]).toBe('email,newsletters,status,subscribed_at,confirmed_at,unsubscribed_at')
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual(
      expect.arrayContaining([`${signUps[0]!.email},morning-briefing,pending`, `${signUps[1]!.email},morning-briefing editors-edition,pending`]),
    )
    await page.locator('.toast').filter({ hasText: 'Subscribers exported' }).waitFor()

    await page.getByRole('combobox', { name: 'Status' }).selectOption('confirmed')
    await page.waitForURL(/\/admin\/subscribers\?status=confirmed$/)
    await summary(page).filter({ hasText: 'No confirmed subscribers.' }).waitFor()
    await page.reload()
    await summary(page).filter({ hasText: 'No confirmed subscribers.' }).waitFor()
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('confirmed')
  })
})

describe('the outbox', () => {
  it('says plainly that no email is sent, and shows each email’s text', async () => {
    const page = await suite.newPage()
    await signIn(page)
    await nav(page).getByRole('link', { name: 'Outbox' }).click()
    await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor()
    expect(await page.title()).toBe('Outbox | Resonance Admin')
    await page.getByText('Email is not being sent: no SMTP server is configured (SMTP_URL). Emails are kept here instead.').waitFor()
    const emails = page.getByRole('list', { name: 'Emails, newest first' }).getByRole('article')
    // A confirmation for each sign-up, held here.
    const toFirst = emails.filter({ hasText: signUps[0]!.email })
    expect(await toFirst.count()).toBe(1)
    expect(await toFirst.getByText('Kept, not sent').isVisible()).toBe(true)
    const text = toFirst.locator('.outbox-list__body')
    expect(await text.isVisible()).toBe(false)
    await toFirst.getByText('Read the email').click()
    expect(await text.isVisible()).toBe(true)
    expect(await text.textContent()).toContain('/subscribe/confirm?token=')
    await expectNoAxeViolations(page)
  })
})
