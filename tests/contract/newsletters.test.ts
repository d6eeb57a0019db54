// Newsletters end to end against a real service and a real SMTP server (smtp-server): the Morning
// Briefing reaches every confirmed subscriber once and nobody else, as HTML and plain text with the
// list headers and personal links; its one-click unsubscribe works; a temporary refusal is retried
// and a permanent one recorded (three, and the address is no longer mailed); an unsubscribe made
// while an edition is sending stops what was not yet sent; without SMTP nothing is sent and the
// edition is kept, not sent. Editors and admins only.
/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON */

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { raw, solidJpeg, type RawResponse } from './helpers.ts'
import { testArticle } from '../support/articles.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts'

const json = { 'content-type': 'application/json', accept: 'application/json' }

async function api(service: TestService, method: string, path: string, body?: unknown, token?: string): Promise<RawResponse> {
  return raw(`${service.url}/newsroom/newsletters${path}`, {
    method,
    headers: { ...json, authorization: `Bearer ${token ?? (await service.adminToken())}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** Publishes a small front page: a lead with a picture, a featured story, a latest update and a draft. */
async function frontPage(service: TestService): Promise<void> {
  const admin = service.client({ token: await service.adminToken() })
  const image = await admin.assets.upload('image', await solidJpeg(1600, 900), { filename: 'lead.jpg' })
  await admin
    .transaction()
    .createOrReplace({ ...testArticle('lead', 30, { isLeadStory: true }), title: 'Thames barrier closes', mainImage: { _type: 'image', asset: { _type: 'reference', _ref: image._id }, alt: 'The barrier at dusk' } })
    .createOrReplace(testArticle('featured', 60, { isFeatured: true }))
    .createOrReplace(testArticle('latest', 90, { isLatestUpdate: true }))
    .createOrReplace({ ...testArticle('drafts.secret', 10, { isLeadStory: true }), slug: { _type: 'slug', current: 'secret' }, title: 'An unpublished scoop' })
    .commit()
}

/** Subscribers straight into the reader store: `confirmed` confirmed, and one pending and one unsubscribed beside them. */
function subscribe(service: TestService, emails: string[], newsletters: Array<'morning-briefing' | 'editors-edition'> = ['morning-briefing', 'editors-edition']): void {
  const store = service.readers.store
  for (const email of emails) store.confirm(store.signUp(email, newsletters)._id)
}

async function waitForState(service: TestService, id: string, state: string): Promise<any> {
  for (let i = 0; i < 500; i++) {
    const edition = (await api(service, 'GET', `/${id}`)).json.result
    if (edition.state === state) return edition
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`Edition ${id} never became ${state}`)
}

describe('with an SMTP server', () => {
  let service: TestService
  let smtp: TestSmtp
  const attempts = new Map<string, number>()

  beforeAll(async () => {
    smtp = await startTestSmtp({
      refuseRecipient: (address) => {
        attempts.set(address, (attempts.get(address) ?? 0) + 1)
        if (address === 'busy@example.org' && attempts.get(address) === 1) return 451
        if (address === 'gone@example.org') return 550
        return null
      },
    })
    service = await startTestService({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://paper.example', NEWSLETTER_RETRY_MS: '50', NEWSLETTER_RATE: '1000' })
    await frontPage(service)
  })
  afterAll(async () => {
    await service.stop()
    await smtp.close()
  })

  it('sends the Morning Briefing once to every confirmed subscriber, and to no one pending or unsubscribed', async () => {
    const confirmed = ['ann@example.org', 'bo@example.org', 'cy@example.org']
    subscribe(service, confirmed)
    subscribe(service, ['editors.only@example.org'], ['editors-edition'])
    service.readers.store.signUp('pending@example.org', ['morning-briefing'])
    const leaver = service.readers.store.signUp('left@example.org', ['morning-briefing'])
    service.readers.store.confirm(leaver._id)
    service.readers.store.unsubscribe(leaver._id)
    // The Send question's number: the three confirmed, not the pending, the unsubscribed or the editors-only reader.
    expect((await api(service, 'GET', '')).json.result.recipients).toEqual({ 'morning-briefing': 3, 'editors-edition': 4 })

    const sent = await api(service, 'POST', '/morning/send', {})
    expect(sent.status).toBe(200)
    expect(sent.json.result).toMatchObject({ newsletter: 'morning-briefing', state: 'sending', counts: { total: 3 } })
    const done = await waitForState(service, sent.json.result._id, 'sent')
    expect(done.counts).toEqual({ total: 3, sent: 3, failed: 0, skipped: 0, waiting: 0, kept: 0 })
    expect(done.subject).toBe('The Morning Briefing: Thames barrier closes')

    const received = await smtp.waitFor(3)
    const briefings = received.filter((email) => email.subject === done.subject)
    expect(briefings.flatMap((email) => email.to).sort()).toEqual(confirmed)

    // A second send the same London day makes nothing new.
    const again = await api(service, 'POST', '/morning/send', {})
    expect(again.status).toBe(409)
    expect(again.json.message).toMatch(/already been made/)

    const [email] = briefings
    // The text part and the HTML part, from the same stories; the draft appears in neither.
    expect(email!.text).toContain('Thames barrier closes')
    expect(email!.text).toContain('https://paper.example/article/lead?ref=newsletter')
    expect(email!.text).toContain('Story featured')
    expect(email!.text).not.toContain('unpublished scoop')
    expect(email!.html).toContain('href="https://paper.example/article/featured?ref=newsletter"')
    expect(email!.html).not.toContain('unpublished scoop')
    // The picture: an absolute address of a rendition the image pipeline makes, with its alt text.
    const img = /<img[^>]*>/.exec(email!.html!)![0]
    expect(img).toContain('alt="The barrier at dusk"')
    const src = /src="([^"]+)"/.exec(img)![1]!.replaceAll('&amp;', '&')
    expect(src).toMatch(/^https:\/\/paper\.example\/images\/.+\.jpg\?/)
    const rendition = await fetch(`${service.url}${new URL(src).pathname}${new URL(src).search}`)
    expect(rendition.status).toBe(200)
    expect(rendition.headers.get('content-type')).toBe('image/jpeg')

    // The list headers, and the personal links in both parts.
    expect(email!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const unsubscribeUrl = /^<(https:\/\/paper\.example\/unsubscribe\?token=[^>]+)>$/.exec(String(email!.headers.get('list-unsubscribe')))![1]!
    expect(email!.text).toContain(unsubscribeUrl)
    expect(email!.html).toContain(unsubscribeUrl)
    const preferences = email!.links.find((link) => link.startsWith('https://paper.example/newsletters?token='))!
    expect(email!.html).toContain(preferences)
    expect(unsubscribeUrl).not.toContain(email!.to[0])
    // Each subscriber's links are their own.
    expect(new Set(briefings.map((one) => one.headers.get('list-unsubscribe'))).size).toBe(3)

    // One click in the mail program, posted where the header says (RFC 8058), unsubscribes that reader only.
    const token = new URL(unsubscribeUrl).searchParams.get('token')!
    const oneClick = await raw(`${service.url}/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)
    expect(service.readers.store.subscriberByEmail(email!.to[0]!)!.status).toBe('unsubscribed')
    expect(service.readers.store.recipientCount('morning-briefing')).toBe(2)

    // The delivery log says who got it.
    const log = (await api(service, 'GET', `/${done._id}/deliveries`)).json.result
    expect(log.total).toBe(3)
    expect(log.deliveries.map((d: any) => d.status)).toEqual(['sent', 'sent', 'sent'])
  })

  it('retries a temporary refusal, records a permanent one, and stops mailing an address refused three times', async () => {
    subscribe(service, ['busy@example.org', 'gone@example.org'], ['editors-edition'])
    // Whom an edition goes to now, as the list gives it for the Send question: confirmed subscribers of that newsletter.
    const recipients = async () => (await api(service, 'GET', '')).json.result.recipients
    const before = await recipients()
    expect(before['editors-edition']).toBe(service.readers.store.recipientCount('editors-edition'))
    expect(before['morning-briefing']).toBe(service.readers.store.recipientCount('morning-briefing'))
    const editions: any[] = []
    for (let round = 1; round <= 4; round++) {
      const draft = await api(service, 'POST', '', { subject: `From the editors, ${round}`, intro: 'Why these matter.', articleIds: ['featured', 'lead'] })
      expect(draft.status).toBe(201)
      const sent = await api(service, 'POST', `/${draft.json.result._id}/send`, {})
      expect(sent.status).toBe(200)
      editions.push(await waitForState(service, draft.json.result._id, 'sent'))
    }
    const log = async (edition: any) => Object.fromEntries((await api(service, 'GET', `/${edition._id}/deliveries`)).json.result.deliveries.map((d: any) => [d.email, d]))

    const first = await log(editions[0])
    expect(first['busy@example.org']).toMatchObject({ status: 'sent', attempts: 2 })
    expect(first['gone@example.org']).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringMatching(/550/) })
    expect(editions[0].counts).toMatchObject({ failed: 1, waiting: 0, skipped: 0 })
    expect(editions[0].counts.sent).toBe(editions[0].counts.total - 1)
    // Refused for good in editions 1-3; the fourth does not try again.
    expect((await log(editions[2]))['gone@example.org']).toMatchObject({ status: 'failed' })
    expect((await log(editions[3]))['gone@example.org']).toMatchObject({ status: 'skipped', attempts: 0 })
    expect(attempts.get('gone@example.org')).toBe(3)
    // An address no longer mailed is no longer counted among those an edition goes to.
    expect(await recipients()).toEqual({ ...before, 'editors-edition': before['editors-edition'] - 1 })
    expect(service.readers.store.recipientCount('editors-edition')).toBe(before['editors-edition'])
    // The editors' edition went to its own subscribers: not to readers of the Morning Briefing only.
    const toFirst = smtp.received.filter((email) => email.subject === 'From the editors, 1').flatMap((email) => email.to)
    expect(toFirst).toContain('editors.only@example.org')
    expect(toFirst).not.toContain('pending@example.org')
  })

  it('keeps a draft from being overwritten by an older save, and refuses bad input clearly', async () => {
    const draft = (await api(service, 'POST', '', { subject: 'Draft', articleIds: [] })).json.result
    expect((await api(service, 'PATCH', `/${draft._id}`, { subject: 'Mine', revision: draft.revision })).json.result).toMatchObject({ subject: 'Mine', revision: draft.revision + 1 })
    const stale = await api(service, 'PATCH', `/${draft._id}`, { subject: 'Theirs', revision: draft.revision })
    expect(stale.status).toBe(409)
    expect(stale.json.message).toMatch(/Someone saved this edition after you opened it/)
    expect((await api(service, 'GET', `/${draft._id}`)).json.result.subject).toBe('Mine')

    const blank = await api(service, 'POST', '', { subject: ' ', articleIds: 'lead' })
    expect(blank.status).toBe(400)
    expect(blank.json.fields).toEqual({ subject: 'Please write a subject line.', articleIds: 'Please pick the stories as a list of article ids.' })
    const draftStory = await api(service, 'POST', '', { subject: 'Scoop', articleIds: ['drafts.secret'] })
    expect(draftStory.json.fields).toEqual({ articleIds: 'Only published stories can go in a newsletter.' })
    const missing = (await api(service, 'POST', '', { subject: 'Gone', articleIds: ['no-such-story'] })).json.result
    const refused = await api(service, 'POST', `/${missing._id}/send`, {})
    expect(refused.status).toBe(409)
    expect(refused.json.message).toMatch(/not published/)
    expect((await api(service, 'POST', `/${missing._id}/send`, { at: '2001-01-01T07:00:00Z' })).status).toBe(400)
    expect((await api(service, 'GET', '/nope/deliveries')).status).toBe(404)
    expect((await api(service, 'GET', `/${draft._id}/deliveries?status=lost`)).status).toBe(400)

    // Scheduled, then cancelled: back to a draft, nothing sent.
    const picked = (await api(service, 'POST', '', { subject: 'Later', articleIds: ['lead'] })).json.result
    const at = new Date(Date.now() + 3_600_000).toISOString()
    expect((await api(service, 'POST', `/${picked._id}/send`, { at })).json.result).toMatchObject({ state: 'scheduled', scheduledFor: at })
    expect((await api(service, 'DELETE', `/${picked._id}/schedule`)).json.result).toMatchObject({ state: 'draft', scheduledFor: null })
  })

  it('previews an edition as subscribers get it, and sends a test to the editor\'s own address only', async () => {
    const draft = (await api(service, 'POST', '', { subject: 'Weekend reading', intro: 'Three stories for a quiet Sunday.', articleIds: ['lead'] })).json.result
    const preview = (await api(service, 'GET', `/${draft._id}/preview`)).json.result
    expect(preview.subject).toBe('Weekend reading')
    expect(preview.html).toContain('Three stories for a quiet Sunday.')
    expect(preview.text).toContain('https://paper.example/article/lead?ref=newsletter')
    // The preview's personal links work for nobody.
    const token = new URL(/https:\/\/paper\.example\/unsubscribe\?token=\S+?(?=")/.exec(preview.html)![0]).searchParams.get('token')!
    expect((await raw(`${service.url}/unsubscribe`, { method: 'POST', headers: json, body: JSON.stringify({ token }) })).status).toBe(400)

    // The same HTML at an address of its own, for the admin's frame: with its inline styles, and nothing that runs.
    expect(preview.address).toMatch(/^\/newsletters\/preview\?token=/)
    const page = await fetch(`${service.url}${preview.address}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    expect(page.headers.get('x-frame-options')).toBeNull()
    const policy = Object.fromEntries(page.headers.get('content-security-policy')!.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))
    expect(policy).toEqual({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'https://paper.example'],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'self'", 'https://paper.example', 'http://localhost:5173', 'http://localhost:6006'],
      sandbox: [],
    })
    expect(await page.text()).toBe(preview.html)
    expect(preview.html).toMatch(/style="/)
    // Its address works for a preview only: not as an unsubscribe link, and not once altered.
    const previewToken = new URL(preview.address, service.url).searchParams.get('token')!
    expect((await raw(`${service.url}/unsubscribe`, { method: 'POST', headers: json, body: JSON.stringify({ token: previewToken }) })).status).toBe(400)
    const altered = await fetch(`${service.url}/newsletters/preview?token=${encodeURIComponent(previewToken.slice(0, -2) + 'AA')}`)
    expect(altered.status).toBe(404)
    expect(await altered.text()).toContain("This preview's address has expired or is not valid.")
    expect((await fetch(`${service.url}/newsletters/preview`)).status).toBe(404)
    const morning = (await api(service, 'GET', '/morning/preview')).json.result
    expect(await (await fetch(`${service.url}${morning.address}`)).text()).toBe(morning.html)

    const count = smtp.received.length
    const test = await api(service, 'POST', `/${draft._id}/test`, {})
    expect(test.json.result).toEqual({ to: 'admin@resonance.test', delivery: 'sent', error: null })
    const [copy] = (await smtp.waitFor(count + 1)).slice(count)
    expect(copy!.to).toEqual(['admin@resonance.test'])
    expect(copy!.subject).toBe('[Test] Weekend reading')
    // A test is not the edition: still a draft, queued to no one.
    expect((await api(service, 'GET', `/${draft._id}`)).json.result).toMatchObject({ state: 'draft', counts: { total: 0 } })
  })

  it('is for editors and admins only', async () => {
    await service.auth.upsertUser('writer@resonance.test', 'contributor password 1', 'contributor')
    const login = await raw(`${service.url}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'writer@resonance.test', password: 'contributor password 1' }) })
    const contributor = login.json.access_token as string
    expect((await api(service, 'GET', '', undefined, contributor)).status).toBe(403)
    expect((await api(service, 'POST', '', { subject: 'x', articleIds: [] }, contributor)).status).toBe(403)
    // Anonymous requests are refused like the rest of the newsroom's reader mail.
    expect((await raw(`${service.url}/newsroom/newsletters`)).status).toBe(403)
    const list = (await api(service, 'GET', '')).json.result
    expect(list).toMatchObject({ delivery: 'smtp', morningTime: service.config.newsletters.morningTime, page: 1 })
    expect(list.editions.length).toBeGreaterThan(0)
  })
})

describe('an unsubscribe while an edition is sending', () => {
  let service: TestService
  let smtp: TestSmtp
  let open: () => void = () => {}
  let held = new Promise<void>((resolve) => (open = resolve))

  beforeAll(async () => {
    smtp = await startTestSmtp({ gate: () => held })
    service = await startTestService({ SMTP_URL: smtp.url, NEWSLETTER_BATCH: '1', NEWSLETTER_RATE: '1000' })
    await frontPage(service)
  })
  afterAll(async () => {
    open()
    await service.stop()
    await smtp.close()
  })

  it('stops the messages not yet sent to that reader', async () => {
    subscribe(service, ['a@example.org', 'b@example.org', 'c@example.org', 'd@example.org'], ['editors-edition'])
    const draft = (await api(service, 'POST', '', { subject: 'Held', articleIds: ['lead'] })).json.result
    await api(service, 'POST', `/${draft._id}/send`, {})
    // The first message is in the SMTP server's hands, held; the rest wait in the queue.
    let queued: any[] = []
    for (let i = 0; i < 200 && queued.length === 0; i++) {
      queued = (await api(service, 'GET', `/${draft._id}/deliveries?status=queued`)).json.result.deliveries
      if (queued.length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const leaving = queued[0].email as string
    service.readers.store.unsubscribe(service.readers.store.subscriberByEmail(leaving)!._id)
    open()
    held = Promise.resolve()
    const done = await waitForState(service, draft._id, 'sent')
    expect(done.counts).toMatchObject({ total: 4, sent: 3, skipped: 1 })
    expect(smtp.received.flatMap((email) => email.to)).not.toContain(leaving)
    expect(smtp.received).toHaveLength(3)
  })
})

describe('without an SMTP server (the default)', () => {
  let service: TestService

  beforeAll(async () => {
    service = await startTestService()
    await frontPage(service)
  })
  afterAll(() => service.stop())

  it('sends nothing: the edition is kept, not sent, and a copy waits in the Outbox', async () => {
    subscribe(service, ['kept@example.org', 'also.kept@example.org'])
    const sent = await api(service, 'POST', '/morning/send', {})
    expect(sent.json.result).toMatchObject({ state: 'kept', counts: { total: 2, kept: 2, sent: 0 } })
    const outbox = (await raw(`${service.url}/newsroom/outbox`, { headers: { authorization: `Bearer ${await service.adminToken()}` } })).json.result
    expect(outbox.delivery).toBe('outbox')
    expect(outbox.emails[0]).toMatchObject({ to: '2 subscribers of The Morning Briefing', status: 'held', subject: sent.json.result.subject })
    const log = (await api(service, 'GET', `/${sent.json.result._id}/deliveries`)).json.result
    expect(log.deliveries.map((d: any) => d.status)).toEqual(['kept', 'kept'])
    expect((await api(service, 'GET', '')).json.result.delivery).toBe('outbox')
    const test = await api(service, 'POST', '/morning/test', {})
    expect(test.json.result).toEqual({ to: 'admin@resonance.test', delivery: 'held', error: null })
  })
})
