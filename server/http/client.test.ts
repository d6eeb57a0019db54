import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientAddress, parseTrustedProxies } from './client.ts'

function request(peer: string, forwardedFor?: string): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } } as unknown as IncomingMessage
}

const proxies = new Set(parseTrustedProxies('10.0.0.1, 10.0.0.2'))

describe('clientAddress', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('203.0.113.7', '198.51.100.1'), new Set())).toBe('203.0.113.7')
    expect(clientAddress(request('::ffff:203.0.113.7'), new Set())).toBe('203.0.113.7')
  })

  it('believes X-Forwarded-For only from a trusted proxy, taking the nearest hop not a proxy itself', () => {
    expect(clientAddress(request('10.0.0.1', '198.51.100.1'), proxies)).toBe('198.51.100.1')
    // A client writing its own header only adds to the left of what the proxies appended.
    expect(clientAddress(request('10.0.0.1', '192.0.2.66, 198.51.100.1, 10.0.0.2'), proxies)).toBe('198.51.100.1')
    expect(clientAddress(request('::ffff:10.0.0.1', '198.51.100.1'), proxies)).toBe('198.51.100.1')
    expect(clientAddress(request('203.0.113.7', '198.51.100.1'), proxies)).toBe('203.0.113.7')
  })

  it('falls back to the proxy when the header is missing, malformed or names only proxies', () => {
    expect(clientAddress(request('10.0.0.1'), proxies)).toBe('10.0.0.1')
    expect(clientAddress(request('10.0.0.1', 'not-an-address'), proxies)).toBe('10.0.0.1')
    expect(clientAddress(request('10.0.0.1', '10.0.0.2'), proxies)).toBe('10.0.0.1')
  })
})

describe('parseTrustedProxies', () => {
  it('reads a comma-separated list of addresses and refuses anything else', () => {
    expect(parseTrustedProxies(undefined)).toEqual([])
    expect(parseTrustedProxies(' 10.0.0.1 ,::1,::FFFF:10.0.0.3')).toEqual(['10.0.0.1', '::1', '10.0.0.3'])
    expect(() => parseTrustedProxies('proxy.internal')).toThrow(/TRUSTED_PROXIES must list IP addresses/)
    expect(() => parseTrustedProxies('10.0.0.0/8')).toThrow(/TRUSTED_PROXIES/)
  })
})
