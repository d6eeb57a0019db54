// One attempt at one delivery: a POST of the body with Sanity's headers, bounded in time (the whole
// exchange, connecting included) and in what is read of the answer. Redirects are not followed:
// the answer is the receiver's, whatever it says.

import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'

export interface Outgoing {
  url: string
  headers: Record<string, string>
  body: string
}

export interface Answer {
  /** The receiver's status code; null when there was none (refused, reset, timed out). */
  status: number | null
  headers: IncomingHttpHeaders
  /** Why it did not count as delivered, in words; null for a 2xx. */
  error: string | null
}

/** The part of an answer read, for the log; the rest is not waited for. */
export const maxAnswerBytes = 16 * 1024

/** Sends once; `signal` cuts the attempt short (the service is stopping), answering with no status. */
export type Sender = (outgoing: Outgoing, timeoutMs: number, signal?: AbortSignal) => Promise<Answer>

function excerpt(bytes: Buffer): string {
  const text = bytes.toString('utf8').replace(/\s+/g, ' ').trim()
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

export const sendOnce: Sender = (outgoing, timeoutMs, signal) =>
  new Promise<Answer>((resolve) => {
    const url = new URL(outgoing.url)
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest
    let settled = false
    const finish = (answer: Answer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', stopped)
      req.destroy()
      resolve(answer)
    }
    const req = request(url, {
      method: 'POST',
      headers: { ...outgoing.headers, 'content-length': String(Buffer.byteLength(outgoing.body)) },
      // A fresh connection each time: nothing of one receiver's answer lingers into the next.
      agent: false,
    })
    const timer = setTimeout(() => finish({ status: null, headers: {}, error: `No answer within ${Math.round(timeoutMs / 1000)} s` }), timeoutMs)
    const stopped = () => finish({ status: null, headers: {}, error: 'Stopped before an answer came' })
    if (signal?.aborted) stopped()
    signal?.addEventListener('abort', stopped, { once: true })
    req.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, headers: {}, error: error.code ? `${error.code}: ${error.message}` : error.message }))
    req.on('response', (res) => {
      const status = res.statusCode ?? 0
      const chunks: Buffer[] = []
      let size = 0
      const done = () => {
        const body = Buffer.concat(chunks)
        let error: string | null = null
        if (status >= 300 && status < 400) error = `Redirected (${status}) to ${res.headers.location ?? 'nowhere'}; redirects are not followed`
        else if (status < 200 || status >= 300) error = `The receiver answered ${status}${body.length ? `: ${excerpt(body)}` : ''}`
        finish({ status, headers: res.headers, error })
      }
      res.on('data', (chunk: Buffer) => {
        if (size >= maxAnswerBytes) return
        chunks.push(chunk.subarray(0, maxAnswerBytes - size))
        size += chunk.length
        // Enough read: the rest of a long answer is not waited for.
        if (size >= maxAnswerBytes) done()
      })
      res.on('end', done)
      res.on('error', () => done())
    })
    req.end(outgoing.body)
  })
