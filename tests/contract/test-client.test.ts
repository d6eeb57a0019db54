// The tests' own client (tests/support/service.ts) against a real HTTP server that resets a
// keep-alive socket as a request arrives on it, as the service does when its idle limit closes a
// socket the client is reusing at that moment: a read is tried again once on another socket, and
// nothing else is (an HTTP error, a fresh socket's failure, a mutation).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { testClient } from '../support/service.ts'

interface Seen {
  method: string
  path: string
  /** Which request this is on its socket: 1 on a fresh socket, 2 on its first reuse. */
  onSocket: number
}

type Answer = (seen: Seen, req: IncomingMessage, res: ServerResponse) => void

let server: Server | undefined
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

/** A keep-alive server answering each request by `answer`, and the requests it saw, in order. */
async function serve(answer: Answer): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = []
  const perSocket = new WeakMap<object, number>()
  server = createServer((req, res) => {
    const onSocket = (perSocket.get(req.socket) ?? 0) + 1
    perSocket.set(req.socket, onSocket)
    const request = { method: req.method ?? '', path: (req.url ?? '').split('?')[0]!, onSocket }
    seen.push(request)
    // Read the body first, as the service does, then answer.
    req.resume()
    req.on('end', () => answer(request, req, res))
  })
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
const queryAnswer = (res: ServerResponse) => json(res, 200, { result: ['story'], ms: 1, query: '*' })
const client = (url: string) => testClient({ apiHost: url, projectId: 'test', dataset: 'production' })

describe("the tests' client", () => {
  it('asks again, on another socket, when a reused socket is reset before any answer', async () => {
    let reset = false
    const { url, seen } = await serve((request, req, res) => {
      if (request.onSocket === 2 && !reset) {
        reset = true
        req.socket.resetAndDestroy()
        return
      }
      queryAnswer(res)
    })
    const sanity = client(url)
    expect(await sanity.fetch('*[_type == "article"]._id')).toEqual(['story'])
    expect(await sanity.fetch('*[_type == "article"]._id')).toEqual(['story'])
    // The first ask, the one reset on its reused socket, and the same ask again on a fresh socket.
    expect(seen.map((s) => [s.method, s.onSocket])).toEqual([
      ['GET', 1],
      ['GET', 2],
      ['GET', 1],
    ])
  })

  it('never repeats an HTTP error', async () => {
    const { url, seen } = await serve((request, _req, res) => (request.onSocket === 2 ? json(res, 500, { error: { description: 'Broken' } }) : queryAnswer(res)))
    const sanity = client(url)
    await sanity.fetch('*')
    await expect(sanity.fetch('*')).rejects.toMatchObject({ statusCode: 500 })
    expect(seen).toHaveLength(2)
  })

  it('never repeats a read whose answer had begun when the socket closed', async () => {
    const { url, seen } = await serve((request, req, res) => (request.onSocket === 2 ? req.socket.end('HTTP/1.1 200 O') : queryAnswer(res)))
    const sanity = client(url)
    await sanity.fetch('*')
    await expect(sanity.fetch('*')).rejects.toMatchObject({ code: 'ECONNRESET' })
    expect(seen).toHaveLength(2)
  })

  it("never repeats a fresh socket's failure", async () => {
    const { url, seen } = await serve((_request, req) => req.socket.resetAndDestroy())
    await expect(client(url).fetch('*')).rejects.toMatchObject({ code: 'ECONNRESET' })
    expect(seen).toHaveLength(1)
  })

  it('never repeats a mutation reset on a reused socket: the service may have committed it', async () => {
    const { url, seen } = await serve((request, req, res) => (request.onSocket === 2 ? req.socket.resetAndDestroy() : queryAnswer(res)))
    const sanity = client(url)
    await sanity.fetch('*')
    await expect(sanity.create({ _type: 'article', title: 'Once' })).rejects.toMatchObject({ code: 'ECONNRESET' })
    expect(seen.map((s) => [s.method, s.path])).toEqual([
      ['GET', '/v2023-05-03/data/query/production'],
      ['POST', '/v2023-05-03/data/mutate/production'],
    ])
  })
})
