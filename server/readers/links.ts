// The links in the paper's emails: confirm a subscription, unsubscribe, choose newsletters. Each carries the
// subscriber's id, what it is for and (to confirm) when it expires, signed with the service's link
// secret, so nobody can confirm or unsubscribe an address they cannot read the mail of, and the
// link says nothing about the reader (no address in any URL).

import { createHmac, timingSafeEqual } from 'node:crypto'

// 'preview': not a reader's link but the address of a newsletter edition's preview, signed for the
// editor who asked (the id is the edition's), so a sandboxed frame can load it without their token.
export type LinkPurpose = 'confirm' | 'unsubscribe' | 'preferences' | 'preview'

/**
 * How long a confirmation link works. Unsubscribe and preferences links never expire: every old
 * email must keep working. A token names its purpose, so one purpose's link never does another's.
 */
export const confirmLinkDays = 7

/** How long a preview's address works: long enough to look at it, short enough that a copied one soon stops. */
export const previewLinkMinutes = 60

const lifetimeSeconds: Partial<Record<LinkPurpose, number>> = { confirm: confirmLinkDays * 86_400, preview: previewLinkMinutes * 60 }

export type LinkCheck = { ok: true; subscriberId: string } | { ok: false; reason: 'invalid' | 'expired' }

export class LinkSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  private signature(body: string): Buffer {
    return createHmac('sha256', this.secret).update(body).digest()
  }

  sign(purpose: LinkPurpose, subscriberId: string): string {
    const lifetime = lifetimeSeconds[purpose]
    const expires = lifetime ? Math.floor(this.now() / 1000) + lifetime : 0
    const body = `${purpose}.${subscriberId}.${expires.toString(36)}`
    return `${Buffer.from(body).toString('base64url')}.${this.signature(body).toString('base64url')}`
  }

  check(purpose: LinkPurpose, token: unknown): LinkCheck {
    if (typeof token !== 'string' || token.length > 512) return { ok: false, reason: 'invalid' }
    const [encoded, signature, extra] = token.split('.')
    if (!encoded || !signature || extra !== undefined) return { ok: false, reason: 'invalid' }
    const body = Buffer.from(encoded, 'base64url').toString()
    const expected = this.signature(body)
    const given = Buffer.from(signature, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' }
    const [kind, subscriberId, expires] = body.split('.')
    if (kind !== purpose || !subscriberId || expires === undefined) return { ok: false, reason: 'invalid' }
    const at = parseInt(expires, 36)
    if (at !== 0 && at * 1000 < this.now()) return { ok: false, reason: 'expired' }
    return { ok: true, subscriberId }
  }
}
