// The sign-up form sent without JavaScript, through the real handler over HTTP with a real reader
// desk: when the service sends the page back to be put right, it says which boxes the reader had
// ticked, so the page shows their choice again instead of every newsletter.

import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FormSubmission } from '../../shared/readerForms.ts'
import { ReaderDesk } from '../readers/desk.ts'
import { Mailer } from '../readers/mailer.ts'
import { ReaderStore } from '../readers/store.ts'
import { subscribeForm, type ReaderDeps } from './readers.ts'
import type { Context } from './route.ts'

let dir: string
let store: ReaderStore
let server: Server
let base: string
/** What the page renderer was asked to show: the form sent back, with its status. */
const sentBack: Array<{ path: string; status: number; submission: FormSubmission }> = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reader-forms-'))
  store = new ReaderStore(dir)
  const deps: ReaderDeps = {
    readers: new ReaderDesk(store, new Mailer(store, { smtpUrl: null, from: 'Resonance <newsletter@resonance.test>' }), () => 'https://resonance.test'),
    renderSubmission: async (_req, res, path, status, submission) => {
      sentBack.push({ path, status, submission })
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end('<p>the page</p>')
      return true
    },
  }
  const handle = subscribeForm(deps)
  server = createServer((req, res) => {
    const ctx = { req, res, url: new URL(req.url ?? '/', 'http://localhost'), params: {}, who: () => null, address: () => '127.0.0.1', json: async () => null } satisfies Context
    handle(ctx).catch((error: unknown) => res.writeHead(500).end(String(error)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Posts the sign-up form as a browser without JavaScript does: each ticked box a `newsletters` field, plus the hidden empty one. */
async function postForm(fields: Array<[string, string]>): Promise<{ status: number; location: string | null; submission: FormSubmission | null }> {
  const before = sentBack.length
  const res = await fetch(`${base}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
  await res.text()
  return { status: res.status, location: res.headers.get('location'), submission: sentBack.length > before ? sentBack.at(-1)!.submission : null }
}

describe('the sign-up form without JavaScript', () => {
  it('sends the page back for an address typo with only the box the reader ticked', async () => {
    const answer = await postForm([['newsletters', ''], ['newsletters', 'editors-edition'], ['email', 'reader@example']])
    expect(answer.status).toBe(400)
    expect(answer.submission).toEqual({
      form: 'subscribe',
      values: { email: 'reader@example', plan: '', newsletters: 'editors-edition' },
      errors: { email: 'Please enter a valid email address.' },
      notice: null,
    })
    expect(store.subscribers(1, 10, null).total).toBe(0)
  })

  it('keeps both boxes when both were ticked, and none when none was (with the message to choose)', async () => {
    const both = await postForm([['newsletters', ''], ['newsletters', 'morning-briefing'], ['newsletters', 'editors-edition'], ['email', 'x']])
    expect(both.submission?.values.newsletters).toBe('morning-briefing,editors-edition')
    const none = await postForm([['newsletters', ''], ['email', 'reader@example.org']])
    expect(none.status).toBe(400)
    expect(none.submission?.values.newsletters).toBe('')
    expect(none.submission?.errors).toEqual({ newsletters: 'Please choose at least one newsletter.' })
  })

  it('carries back no id the paper does not send', async () => {
    const answer = await postForm([['newsletters', 'morning-briefing'], ['newsletters', '<script>'], ['email', 'x']])
    expect(answer.status).toBe(400)
    expect(answer.submission?.values.newsletters).toBe('morning-briefing')
  })

  it('takes a corrected form: the sign-up is kept and the reader is sent to check their email', async () => {
    const answer = await postForm([['newsletters', ''], ['newsletters', 'editors-edition'], ['email', 'reader@example.org']])
    expect(answer.status).toBe(303)
    expect(answer.location).toBe('/subscribe/sent?delivery=held')
    expect(answer.submission).toBeNull()
  })
})
