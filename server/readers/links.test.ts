// The signed links: each works for its own purpose only, and those that expire stop working on time.

import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { confirmLinkDays, LinkSigner, previewLinkMinutes } from './links.ts'

describe('LinkSigner', () => {
  const secret = randomBytes(32)

  it('gives a preview address that works for an hour and for nothing else', () => {
    let now = Date.parse('2026-11-27T18:00:00Z')
    const links = new LinkSigner(secret, () => now)
    const token = links.sign('preview', 'edition-1')
    expect(links.check('preview', token)).toEqual({ ok: true, subscriberId: 'edition-1' })
    expect(links.check('unsubscribe', token)).toEqual({ ok: false, reason: 'invalid' })
    now += previewLinkMinutes * 60_000 - 1000
    expect(links.check('preview', token).ok).toBe(true)
    now += 2000
    expect(links.check('preview', token)).toEqual({ ok: false, reason: 'expired' })
  })

  it('keeps unsubscribe links working for ever, and confirmation links for a week', () => {
    let now = Date.parse('2026-11-27T18:00:00Z')
    const links = new LinkSigner(secret, () => now)
    const unsubscribe = links.sign('unsubscribe', 'reader-1')
    const confirm = links.sign('confirm', 'reader-1')
    now += (confirmLinkDays * 86_400 + 1) * 1000
    expect(links.check('unsubscribe', unsubscribe).ok).toBe(true)
    expect(links.check('confirm', confirm)).toEqual({ ok: false, reason: 'expired' })
    expect(links.check('unsubscribe', `${unsubscribe}x`)).toEqual({ ok: false, reason: 'invalid' })
    expect(new LinkSigner(randomBytes(32)).check('unsubscribe', unsubscribe)).toEqual({ ok: false, reason: 'invalid' })
  })
})
