// The reader forms over HTTP: the contact form, the newsletter sign-up and the links in the
// paper's emails, each answered two ways. Sent by the app (`Accept: application/json`) the answer
// is JSON; sent by a plain HTML form (no JavaScript) it is a redirect to a page that says what
// happened, or, when the form could not be taken, that page rendered again with what the reader
// typed and what to fix: nothing personal ever goes into a URL. The newsroom's endpoints that read
// it all back are here too, for writers only (routes.ts).

import type { IncomingMessage, ServerResponse } from 'node:http'
import { isNewsletterId } from '../../shared/newsletters.ts'
import { contactFieldOrder, type FormSubmission } from '../../shared/readerForms.ts'
import { addressKey } from '../access/auth.ts'
import { httpError } from '../errors.ts'
import type { DeskAnswer, ReaderDesk } from '../readers/desk.ts'
import { newsletterNames } from '../readers/emails.ts'
import { subscriberStatuses, type Subscriber, type SubscriberStatus } from '../../shared/newsroom.ts'
import { isRecord, readBody, sendJson } from './respond.ts'
import type { Context } from './route.ts'

/** Renders a reader page again with a submission that could not be taken; false when pages are left to the browser. */
export type SubmissionPage = (req: IncomingMessage, res: ServerResponse, path: string, status: number, submission: FormSubmission) => Promise<boolean>

export interface ReaderDeps {
  readers: ReaderDesk
  renderSubmission: SubmissionPage | null
}

/** Enough for the longest message the form allows, percent-encoded. */
const formBodyLimit = 256 * 1024
/** How long a form's body may take to arrive. */
const formBodyMs = 10_000

function wantsJson(req: IncomingMessage): boolean {
  return /\bapplication\/json\b/.test(String(req.headers.accept ?? '')) || /\bapplication\/json\b/.test(String(req.headers['content-type'] ?? ''))
}

/**
 * The form's fields, from JSON or a URL-encoded form body: `strings` as strings (anything else is
 * left out), `lists` as arrays (a form's repeated field, or a JSON array), or undefined when not sent.
 */
async function readForm(req: IncomingMessage, strings: readonly string[], lists: readonly string[] = []): Promise<{ fields: Record<string, string>; lists: Record<string, unknown[] | undefined> }> {
  // A form arrives in one go; a body dribbled in for longer than this is someone holding a
  // connection open, and is cut off.
  const cutOff = setTimeout(() => req.destroy(), formBodyMs)
  let bytes: Buffer
  try {
    bytes = await readBody(req, formBodyLimit)
  } finally {
    clearTimeout(cutOff)
  }
  const type = String(req.headers['content-type'] ?? '')
  let raw: Record<string, unknown> = {}
  const found: Record<string, unknown[] | undefined> = {}
  if (/\bapplication\/json\b/.test(type)) {
    try {
      const parsed: unknown = JSON.parse(bytes.toString('utf8'))
      if (isRecord(parsed)) raw = parsed
    } catch {
      throw httpError(400, 'Malformed JSON in the request body')
    }
    for (const name of lists) found[name] = raw[name] === undefined ? undefined : Array.isArray(raw[name]) ? (raw[name] as unknown[]) : [raw[name]]
  } else {
    const params = new URLSearchParams(bytes.toString('utf8'))
    raw = Object.fromEntries(params)
    for (const name of lists) found[name] = params.has(name) ? params.getAll(name) : undefined
  }
  const fields: Record<string, string> = {}
  for (const name of strings) fields[name] = typeof raw[name] === 'string' ? (raw[name] as string) : ''
  return { fields, lists: found }
}

async function readFields(req: IncomingMessage, names: readonly string[]): Promise<Record<string, string>> {
  return (await readForm(req, names)).fields
}


function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(`See ${location}`)
}

async function answer(ctx: Context, deps: ReaderDeps, form: FormSubmission['form'], values: Record<string, string>, result: DeskAnswer, done: string): Promise<void> {
  const { req, res } = ctx
  if (result.retryAfter) res.setHeader('Retry-After', String(result.retryAfter))
  if (wantsJson(req)) {
    const { status, retryAfter: _, ...body } = result
    sendJson(res, status, body)
    return
  }
  if (result.ok) return redirect(res, done)
  const submission: FormSubmission = { form, values, errors: result.errors ?? {}, notice: result.notice ?? null }
  if (deps.renderSubmission && (await deps.renderSubmission(req, res, `/${form}`, result.status, submission))) return
  // No page renderer (an app built for another host): say it in plain text rather than lose it silently.
  res.writeHead(result.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end([result.notice, ...Object.values(result.errors ?? {})].filter(Boolean).join('\n'))
}

export function contactForm(deps: ReaderDeps) {
  return async (ctx: Context): Promise<void> => {
    const values = await readFields(ctx.req, contactFieldOrder)
    await answer(ctx, deps, 'contact', values, deps.readers.contact(values, addressKey(ctx.address())), '/contact/sent')
  }
}

/** The ticked boxes as the page reads them back: ids comma-joined, at most the ones the paper sends, bounded. */
function ticked(list: unknown[]): string {
  return [...new Set(list.filter(isNewsletterId))].join(',')
}

export function subscribeForm(deps: ReaderDeps) {
  return async (ctx: Context): Promise<void> => {
    const { fields: values, lists } = await readForm(ctx.req, ['email', 'plan'], ['newsletters'])
    // The About page's box sends only an address, without JavaScript: that is the start of a
    // sign-up, not one. The subscribe page opens with the address filled in, to choose newsletters.
    // (A form from before the choice sends `plan` instead: a sign-up to every newsletter.)
    if (lists.newsletters === undefined && !values.plan && !wantsJson(ctx.req) && deps.renderSubmission) {
      const start: FormSubmission = { form: 'subscribe', values: { email: (values.email ?? '').slice(0, 254) }, errors: {}, notice: null }
      if (await deps.renderSubmission(ctx.req, ctx.res, '/subscribe', 200, start)) return
    }
    const result = await deps.readers.subscribe({ email: values.email, newsletters: lists.newsletters }, addressKey(ctx.address()))
    // A form sent back (a typo in the address, say) keeps the boxes the reader ticked, not every one.
    const kept = lists.newsletters === undefined ? values : { ...values, newsletters: ticked(lists.newsletters) }
    await answer(ctx, deps, 'subscribe', kept, result, `/subscribe/sent?delivery=${result.delivery ?? 'sent'}`)
  }
}

/** The confirm button on /subscribe/confirm?token=…; the page then says how it went. */
export function confirmSubscription(deps: ReaderDeps) {
  return async ({ req, res, url }: Context): Promise<void> => {
    const fields = await readFields(req, ['token'])
    const check = deps.readers.confirm(fields.token || url.searchParams.get('token'))
    // The page says exactly what the reader will get: the newsletters they chose (ids, not personal).
    const chosen = check.ok ? (deps.readers.store.subscriber(check.subscriberId)?.newsletters ?? []) : []
    if (wantsJson(req)) return sendJson(res, check.ok ? 200 : 400, check.ok ? { ok: true, newsletters: chosen } : { ok: false, reason: check.reason })
    redirect(res, check.ok ? `/subscribe/confirm?status=confirmed&newsletters=${chosen.join(',')}` : `/subscribe/confirm?status=${check.reason}`)
  }
}

/**
 * Unsubscribing: the page's button, or a mail program's one-click request (RFC 8058: a POST to the
 * List-Unsubscribe address with `List-Unsubscribe=One-Click`), which wants a plain answer, not a page.
 */
export function unsubscribe(deps: ReaderDeps) {
  return async ({ req, res, url }: Context): Promise<void> => {
    const fields = await readFields(req, ['token', 'List-Unsubscribe'])
    const check = deps.readers.unsubscribe(fields.token || url.searchParams.get('token'))
    const fromPage = /\btext\/html\b/.test(String(req.headers.accept ?? '')) && fields['List-Unsubscribe'] !== 'One-Click'
    if (fromPage) return redirect(res, `/unsubscribe?status=${check.ok ? 'done' : check.reason}`)
    if (wantsJson(req)) return sendJson(res, check.ok ? 200 : 400, check.ok ? { ok: true } : { ok: false, reason: check.reason })
    res.writeHead(check.ok ? 200 : 400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(check.ok ? 'You are unsubscribed from Resonance.' : 'This unsubscribe link is not valid.')
  }
}

/** What the preferences link shows: `GET /newsletters/preferences?token=…`, JSON only (the page is `/newsletters`). */
export function newsletterPreferences(deps: ReaderDeps) {
  return async ({ res, url }: Context): Promise<void> => {
    const found = deps.readers.preferences(url.searchParams.get('token'))
    res.setHeader('Cache-Control', 'no-store')
    sendJson(res, found.ok ? 200 : 400, found)
  }
}

/**
 * The preferences page (`/newsletters?token=…`, linked from every newsletter), rendered with the
 * reader's current choice so it works without JavaScript. Answered here, not by the page renderer:
 * the choice is personal, so the page is private and never cached (serveSubmission).
 */
export function preferencesPage(deps: ReaderDeps) {
  return async ({ req, res, url }: Context): Promise<void> => {
    const found = deps.readers.preferences(url.searchParams.get('token'))
    const submission: FormSubmission = found.ok
      ? { form: 'preferences', values: { email: found.email, status: found.status, newsletters: found.newsletters.join(',') }, errors: {}, notice: null }
      : { form: 'preferences', values: {}, errors: { token: 'invalid' }, notice: null }
    if (deps.renderSubmission && (await deps.renderSubmission(req, res, `/newsletters${url.search}`, found.ok ? 200 : 400, submission))) return
    res.writeHead(found.ok ? 200 : 400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(found.ok ? `${found.email} receives: ${newsletterNames(found.newsletters) || 'no newsletters'}` : 'This link to choose your newsletters is not valid.')
  }
}

/**
 * Saving a reader's choice of newsletters, from the page with JavaScript (JSON: the new state) or
 * without (a redirect back to the page, saying how it went; the token was in its address already).
 */
export function saveNewsletterPreferences(deps: ReaderDeps) {
  return async (ctx: Context): Promise<void> => {
    const { req, res, url } = ctx
    const { fields, lists } = await readForm(req, ['token'], ['newsletters'])
    const token = fields.token || url.searchParams.get('token') || ''
    const result = deps.readers.setPreferences({ token, newsletters: lists.newsletters }, addressKey(ctx.address()))
    if (result.retryAfter) res.setHeader('Retry-After', String(result.retryAfter))
    if (wantsJson(req)) {
      if (result.preferences) return sendJson(res, 200, result.preferences)
      const { status, retryAfter: _, preferences: __, ...body } = result
      return sendJson(res, status, body)
    }
    const status = result.ok ? 'saved' : result.reason === 'invalid' ? 'invalid' : result.status === 429 ? 'busy' : 'error'
    redirect(res, `/newsletters?${new URLSearchParams({ ...(result.reason === 'invalid' ? {} : { token }), status })}`)
  }
}

// --- The newsroom: what readers sent, for editors ---------------------------------------------

const inboxPageSize = 25
const subscriberPageSize = 50
const outboxPageSize = 25

/** `?page=`: a whole number from 1; anything else is a 400 naming it. */
function pageOf(url: URL): number {
  const raw = url.searchParams.get('page')
  if (raw === null || raw === '') return 1
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw httpError(400, `Invalid page "${raw.slice(0, 20)}": expected a whole number from 1`)
  return Number(raw)
}

function statusOf(url: URL): SubscriberStatus | null {
  const raw = url.searchParams.get('status') ?? 'all'
  if (raw === 'all' || raw === '') return null
  if (!(subscriberStatuses as readonly string[]).includes(raw)) throw httpError(400, `Invalid status "${raw.slice(0, 20)}": expected all, ${subscriberStatuses.join(', ')}`)
  return raw as SubscriberStatus
}

export function inbox({ readers }: ReaderDeps) {
  return async ({ res, url }: Context): Promise<void> => {
    const show = url.searchParams.get('show') ?? 'all'
    if (show !== 'all' && show !== 'unread') throw httpError(400, `Invalid show "${show.slice(0, 20)}": expected all or unread`)
    const { items, ...rest } = readers.store.messages(pageOf(url), inboxPageSize, show === 'unread')
    sendJson(res, 200, { result: { messages: items, ...rest } })
  }
}

export function markMessage({ readers }: ReaderDeps) {
  return async ({ res, params, json }: Context): Promise<void> => {
    const body = await json(1024)
    if (!isRecord(body) || typeof body.read !== 'boolean') throw httpError(400, 'Expected a JSON body {"read": true} or {"read": false}')
    const message = readers.store.markMessage(params.id!, body.read)
    if (!message) throw httpError(404, `No message with id "${params.id!.slice(0, 60)}"`)
    sendJson(res, 200, { result: message })
  }
}

export function subscribers({ readers }: ReaderDeps) {
  return async ({ res, url }: Context): Promise<void> => {
    const { items, ...rest } = readers.store.subscribers(pageOf(url), subscriberPageSize, statusOf(url))
    sendJson(res, 200, { result: { subscribers: items, ...rest } })
  }
}

/** A CSV field: quoted when it must be, and never read by a spreadsheet as a formula. */
export function csvField(value: string | null): string {
  if (value === null) return ''
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

function csvRow(subscriber: Subscriber): string {
  return [subscriber.email, subscriber.newsletters.join(' '), subscriber.status, subscriber._createdAt, subscriber.confirmedAt, subscriber.unsubscribedAt].map(csvField).join(',')
}

/** Every subscriber as CSV, written row by row as the response drains, so a long list never sits in memory. */
export function subscribersCsv({ readers }: ReaderDeps) {
  return async ({ req, res, url }: Context): Promise<void> => {
    const status = statusOf(url)
    const day = new Date().toISOString().slice(0, 10)
    res.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="subscribers-${day}.csv"`,
      'Cache-Control': 'no-store',
    })
    if (req.method === 'HEAD') return void res.end()
    res.write('email,newsletters,status,subscribed_at,confirmed_at,unsubscribed_at\r\n')
    for (const subscriber of readers.store.eachSubscriber(status)) {
      if (!res.write(`${csvRow(subscriber)}\r\n`)) await new Promise<void>((resolve) => res.once('drain', resolve))
      if (res.destroyed) return
    }
    res.end()
  }
}

export function outbox({ readers }: ReaderDeps) {
  return async ({ res, url }: Context): Promise<void> => {
    const { items, ...rest } = readers.store.emails(pageOf(url), outboxPageSize)
    sendJson(res, 200, { result: { emails: items, ...rest, delivery: readers.mailer.delivery } })
  }
}
