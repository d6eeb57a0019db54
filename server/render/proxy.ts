// Passes what is not a page (the API and its listen stream, images and files, feeds, sign-in, the
// reader forms and the newsroom) to the content service, so the render tier serves one origin as
// `npm start` does. Streams both ways: an upload or a listen stream is never held in memory.

import { request, type IncomingMessage, type ServerResponse } from 'node:http'
import { request as secureRequest } from 'node:https'
import { httpError } from '../errors.ts'
import { fail } from '../http/respond.ts'

/** Hop-by-hop headers (RFC 9110 7.6.1) belong to one connection and are never passed on. */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade'])

/** Waiting for the content service's answer to begin; a listen stream's events then flow for as long as they last. */
const responseStartMs = 30_000

export function proxyTo(target: string) {
  const base = new URL(target)
  const send = base.protocol === 'https:' ? secureRequest : request
  return (req: IncomingMessage, res: ServerResponse, client: string): void => {
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !hopByHop.has(name)) headers[name] = value
    // The content service counts its limits per reader: it believes this header from the render
    // tier's address when TRUSTED_PROXIES lists it.
    headers['x-forwarded-for'] = client
    headers['x-forwarded-host'] = req.headers.host ?? ''
    const upstream = send(
      { protocol: base.protocol, hostname: base.hostname, port: base.port, method: req.method, path: req.url, headers },
      (answer) => {
        clearTimeout(timer)
        const out: Record<string, string | string[]> = {}
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !hopByHop.has(name)) out[name] = value
        res.writeHead(answer.statusCode ?? 502, out)
        answer.pipe(res)
      },
    )
    const timer = setTimeout(() => upstream.destroy(new Error('timeout')), responseStartMs)
    upstream.on('error', () => {
      clearTimeout(timer)
      if (res.headersSent) res.destroy()
      else fail(res, httpError(502, 'The content service did not answer'))
    })
    res.on('close', () => upstream.destroy())
    req.pipe(upstream)
  }
}
