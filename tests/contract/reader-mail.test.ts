// Reader mail end to end against a real service and a real SMTP server: contact messages reach
// the newsroom's inbox, sign-ups are confirmed by the link in a delivered email and ended by its
// one-click unsubscribe, and without SMTP the email waits in the outbox. Personal data is for
// editors only, and never goes into a URL.
/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON */

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { raw, type RawResponse } from './helpers.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts'

const json = { 'content-type': 'application/json', accept: 'application/json' }
const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }

function post(service: TestService, path: string, body: Record<string, string | string[]>, headers: Record<string, string> = json): Promise<RawResponse> {
  const encoded =
    headers['content-type'] === 'application/json'
      ? JSON.stringify(body)
      : new URLSearchParams(Object.entries(body).flatMap(([name, value]) => [value].flat().map((one) => [name, one]))).toString()
  return raw(`${service.url}${path}`, { method: 'POST', headers, body: encoded, redirect: 'manual' })
}

async function newsroom(service: TestService, path: string, token?: string): Promise<RawResponse> {
  return raw(`${service.url}/newsroom/${path}`, { headers: { authorization: `Bearer ${token ?? (await service.adminToken())}` } })
}

const message = { fullName: 'Ada Lovelace', email: 'ada@example.co.uk', subject: 'A correction', message: 'The date in paragraph two should be 1843.' }

describe('with an SMTP server', () => {
  let service: TestService
  let smtp: TestSmtp

  beforeAll(async () => {
    smtp = await startTestSmtp()
    service = await startTestService({ SMTP_URL: smtp.url, MAIL_FROM: 'Resonance <newsletter@resonance.test>' })
  })
  afterAll(async () => {
    await service.stop()
    await smtp.close()
  })

  it('keeps a contact message for the newsroom, which editors read and mark read or unread', async () => {
    const sent = await post(service, '/contact', message)
    expect(sent.status).toBe(200)
    expect(sent.json).toEqual({ ok: true })
    const inbox = await newsroom(service, 'inbox')
    expect(inbox.status).toBe(200)
    const [stored] = inbox.json.result.messages
    expect(stored).toMatchObject({ _type: 'contactMessage', ...message, readAt: null })
    expect(inbox.json.result.unread).toBe(1)

    const token = await service.adminToken()
    const mark = (read: boolean) =>
      raw(`${service.url}/newsroom/inbox/${stored._id}`, { method: 'POST', headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify({ read }) })
    expect((await mark(true)).json.result.readAt).toEqual(expect.any(String))
    expect((await newsroom(service, 'inbox?show=unread')).json.result.messages).toEqual([])
    expect((await mark(false)).json.result.readAt).toBeNull()
    expect((await newsroom(service, 'inbox?show=unread')).json.result.unread).toBe(1)
  })

  it('refuses a message with the forms\' own words for each field, and stores nothing', async () => {
    const before = (await newsroom(service, 'inbox')).json.result.total
    const refused = await post(service, '/contact', { fullName: ' ', email: 'ada', subject: 'Hi', message: '' })
    expect(refused.status).toBe(400)
    expect(refused.json).toEqual({
      ok: false,
      errors: { fullName: 'Please enter your full name.', email: 'Please enter a valid email address.', message: 'Please enter your message.' },
    })
    expect((await newsroom(service, 'inbox')).json.result.total).toBe(before)
  })

  it('answers a form sent without JavaScript with a redirect that carries nothing personal', async () => {
    const sent = await post(service, '/contact', { ...message, fullName: 'Grace Hopper', email: 'grace@example.com' }, form)
    expect(sent.status).toBe(303)
    expect(sent.headers.get('location')).toBe('/contact/sent')
  })

  it('lets no reader, viewer or stranger read what readers sent', async () => {
    for (const path of ['inbox', 'subscribers', 'subscribers.csv', 'outbox']) {
      expect((await raw(`${service.url}/newsroom/${path}`)).status).toBe(403)
    }
    await service.auth.upsertUser('viewer@resonance.test', 'viewer password 1', 'viewer')
    const login = await post(service, '/auth/login', { email: 'viewer@resonance.test', password: 'viewer password 1' })
    const viewerToken = login.json.access_token as string
    for (const path of ['inbox', 'subscribers', 'subscribers.csv', 'outbox']) {
      expect((await newsroom(service, path, viewerToken)).status).toBe(403)
    }
  })

  it('signs a reader up: a confirmation email with a signed link, which confirms; then one click unsubscribes', async () => {
    const sent = await post(service, '/subscribe', { email: 'reader@example.org', newsletters: ['morning-briefing'] })
    expect(sent.json).toEqual({ ok: true, delivery: 'sent' })
    const [email] = (await smtp.waitFor(1)).filter((received) => received.to.includes('reader@example.org'))
    expect(email!.subject).toBe('Confirm your Resonance subscription')
    expect(email!.text).toContain("Resonance's free newsletters: The Morning Briefing.")
    const pending = (await newsroom(service, 'subscribers')).json.result
    expect(pending.counts).toEqual({ pending: 1, confirmed: 0, unsubscribed: 0 })
    expect(pending.subscribers[0]).toMatchObject({ email: 'reader@example.org', newsletters: ['morning-briefing'], status: 'pending' })

    // Every email says how to leave, in the header a mail program's Unsubscribe button reads.
    const unsubscribeUrl = /^<(.+)>$/.exec(String(email!.headers.get('list-unsubscribe')))![1]!
    expect(email!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(unsubscribeUrl).not.toContain('reader@example.org')

    const confirmLink = new URL(email!.links.find((link) => link.includes('/subscribe/confirm'))!)
    // Links start from the address the service listens on, never from a Host header a sender could forge.
    expect(confirmLink.origin).toBe(new URL(service.url).origin)
    const token = confirmLink.searchParams.get('token')!
    const tampered = await post(service, '/subscribe/confirm', { token: token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA') }, form)
    expect(tampered.headers.get('location')).toBe('/subscribe/confirm?status=invalid')
    const confirmed = await post(service, '/subscribe/confirm', { token }, form)
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get('location')).toBe('/subscribe/confirm?status=confirmed&newsletters=morning-briefing')
    expect((await newsroom(service, 'subscribers?status=confirmed')).json.result.subscribers[0]).toMatchObject({ email: 'reader@example.org', status: 'confirmed' })

    const csv = await newsroom(service, 'subscribers.csv')
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/)
    const [header, row] = csv.text.trim().split('\r\n')
    expect(header).toBe('email,newsletters,status,subscribed_at,confirmed_at,unsubscribed_at')
    expect(row).toMatch(/^reader@example\.org,morning-briefing,confirmed,\d{4}-[^,]+,\d{4}-[^,]+,$/)

    // A mail program's one-click unsubscribe (RFC 8058) posts to the header's address.
    const oneClick = await raw(unsubscribeUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
    expect(oneClick.status).toBe(200)
    expect((await newsroom(service, 'subscribers')).json.result.counts).toEqual({ pending: 0, confirmed: 0, unsubscribed: 1 })
    // The old confirmation link no longer subscribes anyone.
    expect((await post(service, '/subscribe/confirm', { token }, form)).headers.get('location')).toBe('/subscribe/confirm?status=invalid')
  })

  it('tells an address already subscribed so by email, and the form the same as anyone', async () => {
    await post(service, '/subscribe', { email: 'loyal@example.org' })
    const [first] = (await smtp.waitFor(smtp.received.length)).filter((received) => received.to.includes('loyal@example.org'))
    const token = new URL(first!.links.find((link) => link.includes('/subscribe/confirm'))!).searchParams.get('token')!
    await post(service, '/subscribe/confirm', { token }, form)
    const count = smtp.received.length
    const again = await post(service, '/subscribe', { email: 'Loyal@Example.org', newsletters: ['editors-edition'] })
    expect(again.json).toEqual({ ok: true, delivery: 'sent' })
    const [second] = (await smtp.waitFor(count + 1)).slice(count)
    expect(second!.subject).toBe('You are already subscribed to Resonance')
    // The form anyone can fill in with the address changes nothing; the link in the reader's own mail does.
    const loyal = (await newsroom(service, 'subscribers?status=confirmed')).json.result.subscribers.find((one: any) => one.email === 'loyal@example.org')
    expect(loyal.newsletters).toEqual(['morning-briefing', 'editors-edition'])

    const preferencesUrl = new URL(second!.links.find((link) => link.includes('/newsletters?token='))!)
    const choice = preferencesUrl.searchParams.get('token')!
    const shown = await raw(`${service.url}/newsletters/preferences?token=${encodeURIComponent(choice)}`, { headers: { accept: 'application/json' } })
    expect(shown.status).toBe(200)
    expect(shown.json).toEqual({ ok: true, email: 'l•••@example.org', status: 'confirmed', newsletters: ['morning-briefing', 'editors-edition'] })
    // The page at the email's link is the service's, private, with the choice filled in (here, with no page renderer, as text).
    const page = await raw(`${service.url}/newsletters?token=${encodeURIComponent(choice)}`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.text).toBe('l•••@example.org receives: The Morning Briefing and From the Editors')
    expect((await raw(`${service.url}/newsletters?token=forged`, { headers: { accept: 'text/html' } })).status).toBe(400)

    const saved = await post(service, '/newsletters/preferences', { token: choice, newsletters: ['editors-edition'] })
    expect(saved.json).toEqual({ ok: true, email: 'l•••@example.org', status: 'confirmed', newsletters: ['editors-edition'] })
    // Without JavaScript: each ticked box a field, and back to the page saying it is saved.
    const noJs = await post(service, '/newsletters/preferences', { token: choice, newsletters: ['', 'morning-briefing'] }, form)
    expect(noJs.status).toBe(303)
    expect(noJs.headers.get('location')).toBe(`/newsletters?token=${encodeURIComponent(choice)}&status=saved`)
    expect((await newsroom(service, 'subscribers?status=confirmed')).json.result.subscribers.find((one: any) => one.email === 'loyal@example.org').newsletters).toEqual(['morning-briefing'])

    // Choosing none unsubscribes; choosing again from the same link comes back.
    expect((await post(service, '/newsletters/preferences', { token: choice, newsletters: [] })).json).toMatchObject({ status: 'unsubscribed', newsletters: [] })
    expect((await post(service, '/newsletters/preferences', { token: choice, newsletters: ['morning-briefing'] })).json).toMatchObject({ status: 'confirmed', newsletters: ['morning-briefing'] })

    // A forged token, another link's token or an unknown newsletter: a clear 400, nothing changed.
    const unsubscribeToken = new URL(/^<(.+)>$/.exec(String(second!.headers.get('list-unsubscribe')))![1]!).searchParams.get('token')!
    for (const bad of [choice.slice(0, -2) + (choice.endsWith('A') ? 'BB' : 'AA'), unsubscribeToken, 'nonsense', '']) {
      const refused = await post(service, '/newsletters/preferences', { token: bad, newsletters: [] })
      expect(refused.status).toBe(400)
      expect(refused.json).toEqual({ ok: false, reason: 'invalid' })
      expect((await raw(`${service.url}/newsletters/preferences?token=${encodeURIComponent(bad)}`)).json).toEqual({ ok: false, reason: 'invalid' })
    }
    expect((await post(service, '/newsletters/preferences', { token: choice, newsletters: ['the-gossip'] })).json).toEqual({
      ok: false,
      errors: { newsletters: 'Please choose from the newsletters we send.' },
    })
    expect((await post(service, '/newsletters/preferences', { token: 'nonsense' }, form)).headers.get('location')).toBe('/newsletters?status=invalid')
    expect((await newsroom(service, 'subscribers?status=confirmed')).json.result.subscribers.find((one: any) => one.email === 'loyal@example.org').newsletters).toEqual(['morning-briefing'])
  })

  it('sends one address at most three emails a day, however often it is signed up', async () => {
    for (let i = 0; i < 3; i++) expect((await post(service, '/subscribe', { email: 'target@example.org' })).status).toBe(200)
    const fourth = await post(service, '/subscribe', { email: 'target@example.org' })
    expect(fourth.status).toBe(429)
    expect(fourth.json.notice).toMatch(/already sent several emails to this address today/)
  })
})

describe('without an SMTP server (the default)', () => {
  let service: TestService

  beforeAll(async () => {
    service = await startTestService()
  })
  afterAll(() => service.stop())

  it('keeps the confirmation in the outbox, says so, and the outbox tells editors nothing is sent', async () => {
    const sent = await post(service, '/subscribe', { email: 'held@example.org' })
    expect(sent.json).toEqual({ ok: true, delivery: 'held' })
    const noJs = await post(service, '/subscribe', { email: 'held2@example.org', newsletters: ['', 'editors-edition'] }, form)
    expect(noJs.headers.get('location')).toBe('/subscribe/sent?delivery=held')
    const outbox = (await newsroom(service, 'outbox')).json.result
    expect(outbox.delivery).toBe('outbox')
    expect(outbox.emails.map((email: any) => [email.to, email.status])).toEqual([
      ['held2@example.org', 'held'],
      ['held@example.org', 'held'],
    ])
    expect(outbox.emails[0].text).toContain('/subscribe/confirm?token=')
  })

  it('limits how often one address may send the contact form', async () => {
    const answers: number[] = []
    for (let i = 0; i < 6; i++) answers.push((await post(service, '/contact', message)).status)
    expect(answers).toEqual([200, 200, 200, 200, 200, 429])
    const refused = await post(service, '/contact', message)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.json.notice).toMatch(/^You have sent this form too many times\. Please try again in \d+ minutes?\.$/)
  })

  it('answers bad input with a clear error, never a 5xx', async () => {
    expect((await raw(`${service.url}/contact`, { method: 'POST', headers: json, body: '{' })).status).toBe(400)
    expect((await raw(`${service.url}/contact`, { method: 'POST', headers: json, body: 'x'.repeat(300 * 1024) })).status).toBe(413)
    const odd = await raw(`${service.url}/subscribe`, { method: 'POST', headers: json, body: JSON.stringify({ email: ['a'], newsletters: [7] }) })
    expect(odd.status).toBe(400)
    expect(odd.json.errors).toEqual({ email: 'Please enter your email address.', newsletters: 'Please choose from the newsletters we send.' })
    const none = await post(service, '/subscribe', { email: 'none@example.org', newsletters: [] })
    expect(none.json).toEqual({ ok: false, errors: { newsletters: 'Please choose at least one newsletter.' } })
    expect((await newsroom(service, 'inbox?page=0')).status).toBe(400)
    expect((await newsroom(service, 'subscribers?status=everyone')).status).toBe(400)
    expect((await post(service, '/unsubscribe', { token: 'nonsense' }, json)).status).toBe(400)
  })
})

describe('with an SMTP server that refuses the address', () => {
  let service: TestService
  let smtp: TestSmtp

  beforeAll(async () => {
    smtp = await startTestSmtp({ refuse: true })
    service = await startTestService({ SMTP_URL: smtp.url })
  })
  afterAll(async () => {
    await service.stop()
    await smtp.close()
  })

  it('says the email could not be sent, and the outbox records why', async () => {
    const sent = await post(service, '/subscribe', { email: 'bounce@example.org' })
    expect(sent.status).toBe(502)
    expect(sent.json).toMatchObject({ ok: false, delivery: 'failed', notice: expect.stringMatching(/could not send the confirmation email/) })
    const [email] = (await newsroom(service, 'outbox')).json.result.emails
    expect(email).toMatchObject({ to: 'bounce@example.org', status: 'failed', error: expect.stringMatching(/550|Mailbox unavailable/) })
  })
})

describe('behind a trusted proxy (TRUSTED_PROXIES)', () => {
  let service: TestService

  beforeAll(async () => {
    service = await startTestService({ TRUSTED_PROXIES: '127.0.0.1' })
  })
  afterAll(() => service.stop())

  const from = (address: string) => ({ ...json, 'x-forwarded-for': address })

  it('counts each reader by the address the proxy names, not the proxy\'s own', async () => {
    const answers: number[] = []
    for (let i = 0; i < 6; i++) answers.push((await post(service, '/contact', message, from('198.51.100.7'))).status)
    expect(answers).toEqual([200, 200, 200, 200, 200, 429])
    // Another reader behind the same proxy is not held back by the first.
    expect((await post(service, '/contact', message, from('198.51.100.8'))).status).toBe(200)
    // A reader adding their own X-Forwarded-For only adds to the left of what the proxy appended.
    expect((await post(service, '/contact', message, from('192.0.2.1, 198.51.100.7'))).status).toBe(429)
  })
})

describe('with no proxy trusted (the default)', () => {
  let service: TestService

  beforeAll(async () => {
    service = await startTestService()
  })
  afterAll(() => service.stop())

  it('ignores X-Forwarded-For, so writing one escapes no limit', async () => {
    const answers: number[] = []
    for (let i = 0; i < 6; i++) answers.push((await post(service, '/contact', message, { ...json, 'x-forwarded-for': `198.51.100.${i}` })).status)
    expect(answers).toEqual([200, 200, 200, 200, 200, 429])
  })
})
