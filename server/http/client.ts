// Who a request comes from, for the limits kept per address (sign-in's throttle, the reader forms,
// the query lanes). Behind a reverse proxy or an edge cache every request arrives from the proxy, so
// the proxy's own addresses are listed in TRUSTED_PROXIES, and only for a request that arrived from
// one of them is `X-Forwarded-For` read. Anyone else could write that header, so it is never
// believed otherwise.

import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'

/** An IPv4-mapped IPv6 address as its IPv4 form, so a list may name either. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  return (mapped ? mapped[1]! : address).toLowerCase()
}

/** The addresses of TRUSTED_PROXIES, checked: a name or a range is refused, not silently ignored. */
export function parseTrustedProxies(text: string | undefined): string[] {
  if (!text) return []
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((address) => {
      if (isIP(address) === 0) throw new Error(`TRUSTED_PROXIES must list IP addresses separated by commas, got "${address}"`)
      return plain(address)
    })
}

/**
 * The address a request comes from: the connection's peer, unless that peer is a trusted proxy, in
 * which case the nearest address in `X-Forwarded-For` that is not a trusted proxy itself (proxies
 * append, so the right end is the one the last trusted proxy saw).
 */
export function clientAddress(req: IncomingMessage, trusted: ReadonlySet<string>): string {
  const peer = plain(req.socket.remoteAddress ?? 'unknown')
  if (!trusted.has(peer)) return peer
  const header = req.headers['x-forwarded-for']
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((hop) => plain(hop.trim()))
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!
    if (isIP(hop) === 0) return peer
    if (!trusted.has(hop)) return hop
  }
  return peer
}
