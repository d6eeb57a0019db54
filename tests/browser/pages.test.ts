// The static reader pages in Chromium against the built app on a real content service: About (and
// its subscribe box leading to /subscribe), the Contact form's checks and thanks (by mouse and by
// keyboard alone), the Subscribe page, and the not-found page; each passes an axe audit.

import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { gotoApp } from '../support/browser.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'

// These pages show no content from the service, so an empty dataset will do.
const suite = browserSuite()
let context: BrowserContext | undefined

afterEach(async () => {
  await context?.close()
  context = undefined
})

async function open(path: string, heading: string | RegExp, viewport = { width: 1280, height: 900 }): Promise<Page> {
  context = await suite.browser.newContext({ viewport })
  const page = await context.newPage()
  await gotoApp(page, `${suite.service.url}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  return page
}


/** The text of the element a control's aria-describedby points at, as a screen reader announces it. */
function description(page: Page, label: string): Promise<string | null> {
  return page.getByRole('main').getByLabel(label, { exact: true }).evaluate((control) => {
    const ids = control.getAttribute('aria-describedby')?.split(' ') ?? []
    const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '').filter((text) => text.startsWith('Please'))
    return texts[0] ?? null
  })
}

function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement
    if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)) return active?.textContent?.trim() ?? null
    return active.labels?.[0]?.textContent ?? null
  })
}

describe('/about', () => {
  it('tells the story of the paper with its approach, team, contact details and awards', async () => {
    const page = await open('/about', 'About Resonance')
    expect(await page.title()).toBe('About Us | Resonance')
    expect(await page.locator('meta[name="description"]').last().getAttribute('content')).toMatch(/independent London newspaper/)
    const main = page.getByRole('main')
    const h2s = await main.getByRole('heading', { level: 2 }).allTextContents()
    expect(h2s).toEqual(['Our story', 'Our approach', 'Our team', 'Contact us', 'Subscribe to Resonance', 'Awards'])
    expect(await main.getByRole('region', { name: 'Our approach' }).getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Informative', 'Accurate', 'Global'])
    expect(await main.getByText('Est. 2024', { exact: true }).isVisible()).toBe(true)
    expect(await main.getByRole('heading', { name: 'Priya Raman' }).isVisible()).toBe(true)
    expect(await main.getByRole('link', { name: 'Send us a message' }).getAttribute('href')).toBe('/contact')
    expect(await axeViolations(page)).toEqual([])
  })

  it('checks the subscribe box address, then opens /subscribe with it filled in', async () => {
    const page = await open('/about', 'About Resonance')
    const box = page.getByRole('main').getByRole('region', { name: 'Subscribe to Resonance' })
    await box.getByRole('button', { name: 'Subscribe' }).click()
    await box.getByText('Please enter your email address.').waitFor()
    expect(await focusedLabel(page)).toBe('Email address')
    expect(await axeViolations(page)).toEqual([])

    await box.getByLabel('Email address').fill('reader@example')
    await box.getByRole('button', { name: 'Subscribe' }).click()
    await box.getByText('Please enter a valid email address.').waitFor()

    await box.getByLabel('Email address').fill('reader@example.com')
    await box.getByLabel('Email address').press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Subscribe to Resonance' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/subscribe')
    // The address is carried outside the URL, which is logged, shared and kept in the history.
    expect(page.url()).not.toContain('reader')
    expect(await page.getByRole('main').getByLabel('Email address').inputValue()).toBe('reader@example.com')
  })
})

describe('/contact', () => {
  it('shows the form, the contact details and the office hours', async () => {
    const page = await open('/contact', 'Contact Us')
    expect(await page.title()).toBe('Contact Us | Resonance')
    for (const label of ['Full Name', 'Email Address', 'Subject', 'Message']) expect(await page.getByRole('main').getByLabel(label, { exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('main').getByRole('region', { name: 'Office hours' }).getByRole('listitem').allTextContents()).toEqual([
      'Mon-Fri 9:00 AM-6:00 PM',
      'Sat 10:00 AM-4:00 PM',
      'Sun closed',
    ])
    expect(await page.getByRole('main').getByRole('region', { name: 'Media enquiries' }).isVisible()).toBe(true)
    expect(await page.getByRole('main').getByRole('link', { name: '020 7946 0123' }).getAttribute('href')).toBe('tel:+442079460123')
    expect(await axeViolations(page)).toEqual([])
  })

  it('asks for all four fields, then the email format, then thanks the reader and clears the form', async () => {
    const page = await open('/contact', 'Contact Us')
    const send = page.getByRole('main').getByRole('button', { name: 'Send Message' })

    await send.click()
    await page.getByRole('main').getByText('Please enter your full name.').waitFor()
    expect(await description(page, 'Full Name')).toBe('Please enter your full name.')
    expect(await description(page, 'Email Address')).toBe('Please enter your email address.')
    expect(await description(page, 'Subject')).toBe('Please enter a subject.')
    expect(await description(page, 'Message')).toBe('Please enter your message.')
    expect(await page.getByRole('main').getByLabel('Subject', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    expect(await focusedLabel(page)).toBe('Full Name')
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('main').getByLabel('Full Name', { exact: true }).fill('Ada Lovelace')
    await page.getByRole('main').getByLabel('Email Address', { exact: true }).fill('ada.example.com')
    await page.getByRole('main').getByLabel('Subject', { exact: true }).fill('A correction')
    await page.getByRole('main').getByLabel('Message', { exact: true }).fill('The date in the second paragraph is wrong.')
    await send.click()
    await page.getByRole('main').getByText('Please enter a valid email address.').waitFor()
    expect(await description(page, 'Full Name')).toBeNull()
    expect(await focusedLabel(page)).toBe('Email Address')

    await page.getByRole('main').getByLabel('Email Address', { exact: true }).fill('ada@example.com')
    await send.click()
    const status = page.getByRole('main').getByRole('status').filter({ hasText: 'Thank you' })
    await status.waitFor()
    expect(await status.textContent()).toBe('Thank you, Ada Lovelace. Your message has been received.')
    for (const label of ['Full Name', 'Email Address', 'Subject', 'Message']) {
      expect(await page.getByRole('main').getByLabel(label, { exact: true }).inputValue()).toBe('')
      expect(await description(page, label)).toBeNull()
    }
  })

  it('takes Send Message pressed straight after leaving an empty field, though its message moves the button down', async () => {
    const page = await open('/contact', 'Contact Us', { width: 390, height: 844 })
    const main = page.getByRole('main')
    // The island woken first, so this is the press alone (the wake has a test of its own, below).
    await main.getByLabel('Email Address', { exact: true }).focus()
    // Twenty times slower on a machine busy with other work can take longer than a locator's usual wait.
    await page.locator('[data-island="ContactForm"][data-hydrated]').waitFor({ state: 'attached', timeout: 90_000 })
    await main.getByLabel('Email Address', { exact: true }).fill('ada.example.com')
    await main.getByLabel('Email Address', { exact: true }).press('Tab')
    await main.getByText('Please enter a valid email address.').waitFor()
    // The press leaves Subject empty: "Please enter a subject." is due, and would push the button
    // down between press and release, which drops the click, were it shown before the release.
    expect(await focusedLabel(page)).toBe('Subject')
    await main.getByRole('button', { name: 'Send Message' }).click()
    await main.getByText('Please enter your message.').waitFor()
    expect(await description(page, 'Full Name')).toBe('Please enter your full name.')
    expect(await description(page, 'Subject')).toBe('Please enter a subject.')
    expect(await focusedLabel(page)).toBe('Full Name')
  })

  it('keeps what was typed before its island woke when the reader leaves the field while it wakes on a slow phone', async () => {
    context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    // The island's code is held back until the reader has typed, as on a slow connection.
    let deliver = () => {}
    const delivered = new Promise<void>((resolve) => (deliver = resolve))
    await page.route(/\/assets\/ContactForm\.island-[^/]*\.js$/, async (route) => {
      await delivered
      await route.continue()
    })
    // The reader presses Tab just as React begins to hydrate the form: the page tells the test when
    // the marker says so, and the key reaches the page as soon as it can.
    let tabbed: Promise<void> = Promise.resolve()
    await page.exposeBinding('contactFormHydrating', () => {
      tabbed = page.keyboard.press('Tab')
    })
    await page.addInitScript(() => {
      new MutationObserver((records, observer) => {
        if (!records.some((record) => (record.target as HTMLElement).dataset.island === 'ContactForm')) return
        observer.disconnect()
        void (window as unknown as { contactFormHydrating(): Promise<void> }).contactFormHydrating()
      }).observe(document, { subtree: true, attributeFilter: ['data-hydrating'] })
    })
    await gotoApp(page, `${suite.service.url}/contact`)
    const main = page.getByRole('main')
    await main.getByLabel('Full Name', { exact: true }).fill('Ada Lovelace')
    await main.getByLabel('Email Address', { exact: true }).fill('ada.example.com')
    // A phone twenty times slower than this machine, while the form hydrates.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 })
    deliver()
    // Twenty times slower on a machine busy with other work can take longer than a locator's usual wait.
    await page.locator('[data-island="ContactForm"][data-hydrated]').waitFor({ state: 'attached', timeout: 90_000 })
    await tabbed
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await main.getByText('Please enter a valid email address.').waitFor()
    expect(await main.getByLabel('Email Address', { exact: true }).inputValue()).toBe('ada.example.com')
    expect(await main.getByLabel('Full Name', { exact: true }).inputValue()).toBe('Ada Lovelace')
    expect(await description(page, 'Full Name')).toBeNull()
    expect(await focusedLabel(page)).toBe('Subject')
  }, 150_000)

  it('can be completed with the keyboard alone', async () => {
    const page = await open('/contact', 'Contact Us')
    // Tab from the top of the page, through the header, until the form's first field.
    for (let presses = 0; presses < 120 && (await focusedLabel(page)) !== 'Full Name'; presses++) await page.keyboard.press('Tab')
    expect(await focusedLabel(page)).toBe('Full Name')

    await page.keyboard.type('Tom Reader')
    await page.keyboard.press('Tab')
    expect(await focusedLabel(page)).toBe('Email Address')
    await page.keyboard.type('tom@example')
    await page.keyboard.press('Tab')
    // Leaving the field is enough to hear what is wrong with it.
    await page.getByRole('main').getByText('Please enter a valid email address.').waitFor()
    await page.keyboard.press('Shift+Tab')
    // Tabbing into a box selects its text; move to the end rather than type over it.
    await page.keyboard.press('End')
    await page.keyboard.type('.com')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Roadworks on the A2')
    await page.keyboard.press('Tab')
    expect(await focusedLabel(page)).toBe('Message')
    await page.keyboard.type('Nobody has explained why the road is closed.')
    await page.keyboard.press('Tab')
    expect(await focusedLabel(page)).toBe('Send Message')
    await page.keyboard.press('Enter')

    await page.getByRole('main').getByRole('status').filter({ hasText: 'Thank you, Tom Reader. Your message has been received.' }).waitFor()
    expect(await page.getByRole('main').getByLabel('Full Name', { exact: true }).inputValue()).toBe('')
  })
})

describe('/subscribe', () => {
  it('offers the newsletters the paper sends, free, and says what became of a sign-up (this service sends no email)', async () => {
    const page = await open('/subscribe', 'Subscribe to Resonance')
    expect(await page.title()).toBe('Subscribe | Resonance')
    const choices = page.getByRole('main').getByRole('group', { name: 'Choose your newsletters' })
    expect(await choices.getByRole('checkbox').count()).toBe(2)
    expect(await choices.getByRole('checkbox', { name: 'The Morning Briefing' }).isChecked()).toBe(true)
    expect(await page.getByRole('main').textContent()).not.toMatch(/£|plan|receipt|VAT/i)
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click()
    await page.getByRole('main').getByText('Please enter your email address.').waitFor()
    expect(await focusedLabel(page)).toBe('Email address')
    expect(await axeViolations(page)).toEqual([])

    await choices.getByText('The Morning Briefing', { exact: true }).click()
    expect(await choices.getByRole('checkbox', { name: 'The Morning Briefing' }).isChecked()).toBe(false)
    await page.getByRole('main').getByLabel('Email address').fill('reader@example.com')
    await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click()
    const status = page.getByRole('main').getByRole('status').filter({ hasText: 'Thank you' })
    await status.waitFor()
    expect(await status.textContent()).toBe(
      'Thank you. Your sign-up is saved, but this site is not sending email yet, so no confirmation has been sent to reader@example.com. It is kept for our newsroom, who can send it on; your subscription starts once you confirm it. Once you confirm: you will receive From the Editors (whenever the editors send one).',
    )
    expect(await page.getByRole('main').getByLabel('Email address').inputValue()).toBe('')
  })

  it('never takes an address from the URL', async () => {
    const page = await open('/subscribe?email=reader%40example.com', 'Subscribe to Resonance')
    expect(await page.getByRole('main').getByLabel('Email address').inputValue()).toBe('')
  })

  it('fits a phone screen without sideways scrolling', async () => {
    const page = await open('/subscribe', 'Subscribe to Resonance', { width: 390, height: 844 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})

describe('the reader forms on a phone', () => {
  it('wake at their first use, each form an island on a document, and pass an axe audit with their problems shown', async () => {
    for (const [path, heading, island, button] of [
      ['/about', 'About Resonance', 'SubscribeBox', 'Subscribe'],
      ['/contact', 'Contact Us', 'ContactForm', 'Send Message'],
      ['/subscribe', 'Subscribe to Resonance', 'SubscribeForm', 'Subscribe'],
    ] as const) {
      const page = await open(path, heading, { width: 390, height: 844 })
      const marker = page.locator(`resonance-island[data-island="${island}"]`)
      expect(await marker.getAttribute('data-hydrated')).toBeNull()
      await marker.getByRole('button', { name: button }).click()
      await marker.and(page.locator('[data-hydrated]')).waitFor({ state: 'attached' })
      await marker.getByText(/^Please enter your email address\.$|^Please enter your full name\.$/).first().waitFor()
      expect(await axeViolations(page), path).toEqual([])
      await context?.close()
    }
  })
})

describe('the not-found page', () => {
  it('shows 404 and a link home that goes home', async () => {
    const page = await open('/no/such/page', /Oops! Page not found/)
    expect(await page.getByRole('main').getByText('404', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('navigation', { name: 'Or try one of our sections' }).getByRole('link').count()).toBeGreaterThan(0)
    expect(await axeViolations(page)).toEqual([])

    const home = page.getByRole('link', { name: 'Return to Home' })
    expect(await home.getAttribute('href')).toBe('/')
    await home.click()
    await page.getByRole('heading', { name: /Oops! Page not found/ }).waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe('/')
  })
})
