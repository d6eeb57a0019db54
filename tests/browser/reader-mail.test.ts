// Reader mail as a reader meets it in Chromium, with a real SMTP server: signing up and confirming
// through the delivered email's link, unsubscribing from it, and the contact form, with JavaScript
// and without it (the forms post to the service, which answers with pages). Nothing personal is
// ever in an address the browser shows, and every page passes an axe audit.

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoApp } from '../support/browser.ts'
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'

let smtp: TestSmtp
const env: Record<string, string> = {}
// Registered before the suite's own beforeAll, which reads `env` when it starts the service.
beforeAll(async () => {
  smtp = await startTestSmtp()
  env.SMTP_URL = smtp.url
})
afterAll(() => smtp.close())

const suite = browserSuite({ env, adminToken: true })
const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 900 }


/**
 * A page whose app never runs: every script is refused, as for a reader without JavaScript. (Not
 * `javaScriptEnabled: false`, under which axe, which runs in the page, could not audit it.)
 */
async function pageWithoutScripts(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.newPage({ viewport })
  await page.route(/\.m?js(\?|$)/, (route) => route.abort())
  return page
}

async function emailTo(address: string, subject: string) {
  const until = Date.now() + 10_000
  for (;;) {
    const found = smtp.received.find((email) => email.to.includes(address) && email.subject === subject)
    if (found) return found
    if (Date.now() > until) throw new Error(`No email "${subject}" to ${address}; received: ${smtp.received.map((e) => `${e.to} ${e.subject}`).join('; ')}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function post(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${suite.service.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
}

async function inbox() {
  const res = await fetch(`${suite.service.url}/newsroom/inbox`, { headers: { authorization: `Bearer ${suite.token}` } })
  return ((await res.json()) as { result: { messages: Array<{ fullName: string; email: string; subject: string; message: string }> } }).result.messages
}

describe('with JavaScript', () => {
  it('signs up, confirms through the link in the email, then unsubscribes through another', async () => {
    const page = await suite.newPage({ viewport: desktop })
    await gotoApp(page, `${suite.service.url}/subscribe`)
    const main = page.getByRole('main')
    // Both newsletters start ticked; this reader wants only the editors' picks.
    await main.getByRole('checkbox', { name: 'The Morning Briefing' }).uncheck()
    await main.getByLabel('Email address').fill('reader.js@example.org')
    await main.getByRole('button', { name: 'Subscribe' }).click()
    const status = main.getByRole('status').filter({ hasText: 'Thank you' })
    await status.waitFor()
    expect(await status.textContent()).toBe(
      'Thank you. We have sent a confirmation to reader.js@example.org. Open the link in it to confirm your subscription. Once you confirm: you will receive From the Editors (whenever the editors send one).',
    )

    const email = await emailTo('reader.js@example.org', 'Confirm your Resonance subscription')
    const confirmLink = email.links.find((link) => link.includes('/subscribe/confirm'))!
    await gotoApp(page, confirmLink)
    await page.getByRole('heading', { level: 1, name: 'Confirm your subscription' }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Confirm subscription' }).click()
    await page.getByRole('heading', { level: 1, name: 'Subscription confirmed' }).waitFor()
    expect(new URL(page.url()).searchParams.get('status')).toBe('confirmed')
    expect(await main.textContent()).toContain('You will receive From the Editors (whenever the editors send one).')

    // Signing up again sends the "already subscribed" email, with the link to choose newsletters.
    await post('/subscribe', { email: 'reader.js@example.org', newsletters: ['editors-edition'] })
    const again = await emailTo('reader.js@example.org', 'You are already subscribed to Resonance')
    await gotoApp(page, again.links.find((link) => link.includes('/newsletters?token='))!)
    await page.getByRole('heading', { level: 1, name: 'Your newsletters' }).waitFor()
    expect(await main.getByRole('checkbox', { name: 'The Morning Briefing' }).isChecked()).toBe(false)
    expect(await main.getByRole('checkbox', { name: 'From the Editors' }).isChecked()).toBe(true)
    await main.getByRole('checkbox', { name: 'The Morning Briefing' }).check()
    await main.getByRole('button', { name: 'Save' }).click()
    await main.getByText('Saved: you will receive The Morning Briefing (every morning at 07:00 London time, on days with new stories) and From the Editors (whenever the editors send one).').waitFor()
    expect(await axeViolations(page)).toEqual([])

    const unsubscribeLink = email.links.find((link) => link.includes('/unsubscribe'))!
    await gotoApp(page, unsubscribeLink)
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await page.getByRole('heading', { level: 1, name: 'Unsubscribed' }).waitFor()
    expect(await axeViolations(page)).toEqual([])
  })

  it('sends a contact message that reaches the newsroom, thanking the reader only then', async () => {
    const page = await suite.newPage({ viewport: phone })
    await gotoApp(page, `${suite.service.url}/contact`)
    const main = page.getByRole('main')
    await main.getByLabel('Full Name', { exact: true }).fill('Ada Lovelace')
    await main.getByLabel('Email Address').fill('ada@example.co.uk')
    await main.getByLabel('Subject', { exact: true }).fill('With JavaScript')
    await main.getByLabel('Message', { exact: true }).fill('The date in paragraph two should be 1843.')
    await main.getByRole('button', { name: 'Send Message' }).click()
    await main.getByText('Thank you, Ada Lovelace. Your message has been received.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/contact')
    expect((await inbox()).map((message) => message.subject)).toContain('With JavaScript')
  })
})

describe('without JavaScript', () => {
  it('sends a contact message: the service answers with a page, and the address holds nothing personal', async () => {
    const page = await pageWithoutScripts(phone)
    await page.goto(`${suite.service.url}/contact`)
    const main = page.getByRole('main')
    await main.getByLabel('Full Name', { exact: true }).fill('Grace Hopper')
    await main.getByLabel('Email Address').fill('grace@example.com')
    await main.getByLabel('Subject', { exact: true }).fill('Without JavaScript')
    await main.getByLabel('Message', { exact: true }).fill('A plain form, posted.')
    await main.getByRole('button', { name: 'Send Message' }).click()
    await page.getByRole('heading', { level: 1, name: 'Message sent' }).waitFor()
    expect(page.url()).toBe(`${suite.service.url}/contact/sent`)
    expect(await main.textContent()).toContain('Thank you. Your message has been received.')
    expect(await axeViolations(page)).toEqual([])
    expect((await inbox()).find((message) => message.subject === 'Without JavaScript')).toMatchObject({ fullName: 'Grace Hopper', email: 'grace@example.com' })
  })

  it('shows the form again with what was typed and the spec\'s messages when something is missing', async () => {
    const page = await pageWithoutScripts(desktop)
    await page.goto(`${suite.service.url}/contact`)
    const main = page.getByRole('main')
    await main.getByLabel('Full Name', { exact: true }).fill('Half Finished')
    await main.getByLabel('Email Address').fill('not-an-address')
    await main.getByRole('button', { name: 'Send Message' }).click()
    await main.getByText('Please enter a valid email address.').waitFor()
    expect(page.url()).toBe(`${suite.service.url}/contact`)
    expect(await main.getByLabel('Full Name').inputValue()).toBe('Half Finished')
    expect(await main.getByLabel('Email Address').inputValue()).toBe('not-an-address')
    expect(await main.getByText('Please enter a subject.').isVisible()).toBe(true)
    expect(await main.getByText('Please enter your message.').isVisible()).toBe(true)
    expect(await main.getByLabel('Subject').getAttribute('aria-invalid')).toBe('true')
    expect(await axeViolations(page)).toEqual([])
  })

  it('signs up from the About page\'s box through to a confirmed subscription', async () => {
    const page = await pageWithoutScripts(phone)
    await page.goto(`${suite.service.url}/about`)
    const box = page.getByRole('main').getByRole('region', { name: 'Subscribe to Resonance' })
    await box.getByLabel('Email address').fill('reader.nojs@example.org')
    await box.getByRole('button', { name: 'Subscribe' }).click()
    await page.getByRole('heading', { level: 1, name: 'Subscribe to Resonance' }).waitFor()
    expect(page.url()).toBe(`${suite.service.url}/subscribe`)
    const main = page.getByRole('main')
    expect(await main.getByLabel('Email address').inputValue()).toBe('reader.nojs@example.org')
    // Nothing ticked: the service sends the page back with the spec-style message and the address kept.
    await main.getByRole('checkbox', { name: 'The Morning Briefing' }).uncheck()
    await main.getByRole('checkbox', { name: 'From the Editors' }).uncheck()
    await main.getByRole('button', { name: 'Subscribe' }).click()
    await main.getByText('Please choose at least one newsletter.').waitFor()
    expect(page.url()).toBe(`${suite.service.url}/subscribe`)
    expect(await main.getByLabel('Email address').inputValue()).toBe('reader.nojs@example.org')
    expect(await main.getByRole('checkbox', { name: 'The Morning Briefing' }).isChecked()).toBe(false)
    expect(await axeViolations(page)).toEqual([])
    // A typo in the address: the page comes back with the reader's own choice, not every box ticked.
    await main.getByRole('checkbox', { name: 'The Morning Briefing' }).check()
    await main.getByLabel('Email address').fill('reader.nojs@example')
    await main.getByRole('button', { name: 'Subscribe' }).click()
    await main.getByText('Please enter a valid email address.').waitFor()
    expect(await main.getByRole('checkbox', { name: 'The Morning Briefing' }).isChecked()).toBe(true)
    expect(await main.getByRole('checkbox', { name: 'From the Editors' }).isChecked()).toBe(false)
    await main.getByLabel('Email address').fill('reader.nojs@example.org')
    await main.getByRole('button', { name: 'Subscribe' }).click()
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor()
    expect(page.url()).toBe(`${suite.service.url}/subscribe/sent?delivery=sent`)

    const email = await emailTo('reader.nojs@example.org', 'Confirm your Resonance subscription')
    await page.goto(email.links.find((link) => link.includes('/subscribe/confirm'))!)
    await page.getByRole('button', { name: 'Confirm subscription' }).click()
    await page.getByRole('heading', { level: 1, name: 'Subscription confirmed' }).waitFor()
    expect(await main.textContent()).toContain('You will receive The Morning Briefing (every morning at 07:00 London time, on days with new stories).')
    const res = await fetch(`${suite.service.url}/newsroom/subscribers?status=confirmed`, { headers: { authorization: `Bearer ${suite.token}` } })
    const { result } = (await res.json()) as { result: { subscribers: Array<{ email: string }> } }
    expect(result.subscribers.map((subscriber) => subscriber.email)).toContain('reader.nojs@example.org')
  })

  it('changes which newsletters come from the link in an email, down to none, on a page never cached', async () => {
    // A confirmed subscriber of the Morning Briefing who signs up again gets the link to choose.
    await post('/subscribe', { email: 'reader.prefs@example.org', newsletters: ['morning-briefing'] })
    const confirm = await emailTo('reader.prefs@example.org', 'Confirm your Resonance subscription')
    await post('/subscribe/confirm', { token: new URL(confirm.links.find((link) => link.includes('/subscribe/confirm'))!).searchParams.get('token') })
    await post('/subscribe', { email: 'reader.prefs@example.org', newsletters: ['morning-briefing'] })
    const email = await emailTo('reader.prefs@example.org', 'You are already subscribed to Resonance')
    const link = email.links.find((link) => link.includes('/newsletters?token='))!
    expect((await fetch(link)).headers.get('cache-control')).toBe('private, no-store')
    const page = await pageWithoutScripts(phone)
    await page.goto(link)
    const main = page.getByRole('main')
    await main.getByText(/^For r•••@example\.org\. You will receive The Morning Briefing/).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await main.getByRole('checkbox', { name: 'The Morning Briefing' }).uncheck()
    await main.getByRole('button', { name: 'Save' }).click()
    await main.getByText('Saved: you will receive no newsletters. You are unsubscribed.').waitFor()
    expect(new URL(page.url()).searchParams.get('status')).toBe('saved')

    await page.goto(`${suite.service.url}/newsletters?token=forged`)
    await page.getByRole('heading', { level: 1, name: 'Link not valid' }).waitFor()
    expect(await main.getByRole('checkbox').count()).toBe(0)
  })
})
