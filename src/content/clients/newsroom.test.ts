import { describe, expect, it } from 'vitest'
import { refusalOf } from './errors.ts'
import { createNewsroomClient, NewsroomError } from './newsroom.ts'

interface Sent {
  url: string
  method: string
  headers: Record<string, string>
  body: string | null
}

/** A client whose service is `answer`, recording what it was sent. */
function clientAnswering(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = []
  const client = createNewsroomClient('tok-123', 'https://paper.example', async (input, init) => {
    const request: Sent = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])),
      body: typeof init?.body === 'string' ? init.body : null,
    }
    sent.push(request)
    return answer(request)
  })
  return { client, sent }
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const message = {
  _id: 'msg-1',
  _type: 'contactMessage',
  _createdAt: '2026-11-21T06:15:00Z',
  fullName: 'Ada Reader',
  email: 'ada@example.com',
  subject: 'Bus routes',
  message: 'Line one\nLine two',
  readAt: null,
}

describe('the newsroom client', () => {
  it('asks for one page of the inbox with the editor’s token and reads the answer', async () => {
    const { client, sent } = clientAnswering(() => json({ result: { messages: [message], page: 2, pageCount: 3, total: 60, unread: 7 } }))
    const page = await client.inbox({ page: 2, show: 'unread' })
    expect(sent[0]!.url).toBe('https://paper.example/newsroom/inbox?page=2&show=unread')
    expect(sent[0]!.headers.authorization).toBe('Bearer tok-123')
    expect(page).toEqual({ messages: [message], page: 2, pageCount: 3, total: 60, unread: 7 })
  })

  it('marks a message read or unread with a JSON body, its id escaped in the path', async () => {
    const { client, sent } = clientAnswering(() => json({ result: { ...message, readAt: '2026-11-21T07:00:00Z' } }))
    const read = await client.setRead('msg/1?x', true)
    expect(sent[0]).toMatchObject({ url: 'https://paper.example/newsroom/inbox/msg%2F1%3Fx', method: 'POST', body: '{"read":true}' })
    expect(sent[0]!.headers['content-type']).toBe('application/json')
    expect(read.readAt).toBe('2026-11-21T07:00:00Z')
  })

  it('never hands a component anything but text where text is promised', async () => {
    const odd = { _id: 'msg-2', fullName: { html: '<b>x</b>' }, email: 42, subject: null, message: ['a'], readAt: '' }
    const { client } = clientAnswering(() => json({ result: { messages: [odd], page: 'one', total: -4 } }))
    const page = await client.inbox({ page: 1, show: 'all' })
    expect(page.messages[0]).toEqual({ _id: 'msg-2', _type: 'contactMessage', _createdAt: '', fullName: '', email: '', subject: '', message: '', readAt: null })
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 0, unread: 0 })
  })

  it('reads subscribers with their counts, and an unknown newsletter left out and an unknown status as the mildest one', async () => {
    const subscriber = { _id: 's1', _type: 'subscriber', _createdAt: '2026-11-20T10:00:00Z', email: 'sam@example.com', newsletters: ['morning-briefing'], status: 'confirmed', confirmedAt: '2026-11-20T11:00:00Z', unsubscribedAt: null }
    const { client, sent } = clientAnswering(() =>
      json({ result: { subscribers: [subscriber, { ...subscriber, _id: 's2', newsletters: ['gold', 'editors-edition'], status: 'vip' }], page: 1, pageCount: 1, total: 2, counts: { pending: 1, confirmed: 5, unsubscribed: 2 } } }),
    )
    const page = await client.subscribers({ page: 1, status: 'confirmed' })
    expect(sent[0]!.url).toBe('https://paper.example/newsroom/subscribers?page=1&status=confirmed')
    expect(page.subscribers[0]).toEqual(subscriber)
    expect(page.subscribers[1]).toMatchObject({ newsletters: ['editors-edition'], status: 'pending' })
    expect(page.counts).toEqual({ pending: 1, confirmed: 5, unsubscribed: 2 })
  })

  it('fetches the CSV export with the token and saves it under the service’s name', async () => {
    const { client, sent } = clientAnswering(
      () => new Response('email,plan\nsam@example.com,weekend\n', { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="subscribers-2026-11-21.csv"' } }),
    )
    const file = await client.subscribersCsv('all')
    expect(sent[0]!.url).toBe('https://paper.example/newsroom/subscribers.csv?status=all')
    expect(sent[0]!.headers).toMatchObject({ authorization: 'Bearer tok-123', accept: 'text/csv' })
    expect(file.fileName).toBe('subscribers-2026-11-21.csv')
    expect(await file.blob.text()).toBe('email,plan\nsam@example.com,weekend\n')
  })

  it('reads the outbox, and an unknown delivery as not sending (never claims mail went out)', async () => {
    const email = { _id: 'e1', _type: 'email', _createdAt: '2026-11-21T06:15:00Z', to: 'ada@example.com', subject: 'Confirm', text: 'Hello', status: 'failed', error: 'Connection refused' }
    const { client } = clientAnswering(() => json({ result: { emails: [email], page: 1, pageCount: 1, total: 1, delivery: 'carrier-pigeon' } }))
    const page = await client.outbox({ page: 1 })
    expect(page.emails).toEqual([email])
    expect(page.delivery).toBe('outbox')
  })

  it('turns the service’s refusals into errors the one refusal mapping reads', async () => {
    const refusals = [
      [401, 'unauthorised'],
      [403, 'forbidden'],
      [404, 'notFound'],
    ] as const
    for (const [status, refusal] of refusals) {
      const { client } = clientAnswering(() => json({ error: { description: `Refused with ${status}` }, statusCode: status }, status))
      const error = await client.setRead('msg-1', false).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(NewsroomError)
      expect((error as Error).message).toBe(`Refused with ${status}`)
      expect(refusalOf(error)).toBe(refusal)
    }
  })

  it('says what went wrong when the service cannot be reached or answers nonsense', async () => {
    const down = createNewsroomClient('tok', 'https://paper.example', async () => {
      throw new TypeError('fetch failed')
    })
    await expect(down.outbox({ page: 1 })).rejects.toThrow('Could not reach the content service.')
    const { client: html } = clientAnswering(() => new Response('<!doctype html><p>App</p>', { headers: { 'content-type': 'text/html' } }))
    await expect(html.outbox({ page: 1 })).rejects.toThrow('The content service sent an answer the admin cannot read.')
    const { client: plain } = clientAnswering(() => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }))
    const error = await plain.inbox({ page: 1, show: 'all' }).catch((e: unknown) => e)
    expect((error as Error).message).toBe('The content service answered 502 Bad Gateway.')
    expect(refusalOf(error)).toBeNull()
  })
})
