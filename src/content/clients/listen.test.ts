// The listen stream reader against a real HTTP server sending server-sent events in pieces, as the
// service's stream arrives: every event is handed over once, whole, and each way the stream can
// stop is told apart (ended, refused, the service's refusal, the reader's own abort).

import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { StreamEvent } from '../admin/presence.ts'
import { listenEnded, listenRefused, readListen } from './listen.ts'

let server: Server | undefined
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
})

/** A server handing each request (with the authorization it carried) to `answer`. */
async function serve(answer: (res: ServerResponse, authorization: string | undefined) => void): Promise<string> {
  server = createServer((req, res) => answer(res, req.headers.authorization))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2025-02-19/data/listen/production`
}

const stream = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' })
/** Sends the pieces one after another, each in its own write, then runs `then`. */
function sendPieces(res: ServerResponse, pieces: string[], then: () => void = () => {}): void {
  const [first, ...others] = pieces
  if (first === undefined) return then()
  res.write(first, () => setImmediate(() => sendPieces(res, others, then)))
}

describe('reading a listen stream', () => {
  it('hands over each event whole, however it is cut, with the editor’s token, until the stream ends', async () => {
    let sentWith: string | undefined
    const url = await serve((res, authorization) => {
      sentWith = authorization
      stream(res)
      sendPieces(res, ['event: welcome\ndata: {"listenerName":"a"}\n\n: keep-alive\n\nevent: mut', 'ation\ndata: {"documentId":"story"}\r\n', '\r\nevent: presence\ndata: {"editors":[]}\n\n'], () => res.end())
    })
    const seen: StreamEvent[] = []
    await expect(readListen(url, 'tok-1', new AbortController().signal, (event) => seen.push(event))).rejects.toMatchObject({ message: listenEnded, statusCode: null })
    expect(sentWith).toBe('Bearer tok-1')
    expect(seen).toEqual([
      { event: 'welcome', data: '{"listenerName":"a"}' },
      { event: 'mutation', data: '{"documentId":"story"}' },
      { event: 'presence', data: '{"editors":[]}' },
    ])
  })

  it('stops at a channel error, or at an event the caller names, as a refused filter', async () => {
    const url = await serve((res) => {
      stream(res)
      sendPieces(res, ['event: welcome\ndata: {}\n\nevent: disconnect\ndata: {"reason":"gone"}\n\nevent: mutation\ndata: {}\n\nevent: channelError\ndata: {"message":"bad"}\n\n'])
    })
    const seen: string[] = []
    await expect(readListen(url, 't', new AbortController().signal, (event) => seen.push(event.event), ['disconnect'])).rejects.toMatchObject({ message: listenRefused })
    expect(seen).toEqual(['welcome'])
    // Without the caller naming it, a disconnect is one more event; the channel error still refuses.
    seen.length = 0
    await expect(readListen(url, 't', new AbortController().signal, (event) => seen.push(event.event))).rejects.toMatchObject({ message: listenRefused })
    expect(seen).toEqual(['welcome', 'disconnect', 'mutation'])
  })

  it('says the service’s refusal with its status', async () => {
    const url = await serve((res) => {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Your session has ended: sign in again' }))
    })
    await expect(readListen(url, 'old', new AbortController().signal, () => {})).rejects.toMatchObject({ statusCode: 401, message: 'Your session has ended: sign in again' })
  })

  it('ends quietly when the caller stops listening', async () => {
    const url = await serve((res) => {
      stream(res)
      res.write('event: welcome\ndata: {}\n\n')
    })
    const controller = new AbortController()
    const seen: string[] = []
    await readListen(url, 't', controller.signal, (event) => {
      seen.push(event.event)
      controller.abort()
    })
    expect(seen).toEqual(['welcome'])
  })
})
