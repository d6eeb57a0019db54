import { describe, expect, it } from 'vitest'
import { isSignedIn, reportRead, type BeaconEnv } from './readBeacon.ts'

/** A page's visibility and what it sent, driven by the test as a browser would. */
function page(options: { visible: boolean; signedIn?: boolean }) {
  let visible = options.visible
  const listeners = new Set<() => void>()
  const sent: unknown[] = []
  const env: BeaconEnv = {
    visible: () => visible,
    onVisibilityChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    signedIn: () => options.signedIn ?? false,
    send: (body) => sent.push(JSON.parse(body)),
  }
  return {
    env,
    sent,
    show(value: boolean) {
      visible = value
      for (const listener of [...listeners]) listener()
    },
  }
}

const story = { path: '/article/thames-barrier?ref=newsletter', referrer: 'https://www.google.com/', preview: false }

describe('the read beacon', () => {
  it('reports a page on screen at once, with its path and referrer', () => {
    const tab = page({ visible: true })
    reportRead(story, tab.env)
    expect(tab.sent).toEqual([{ path: '/article/thames-barrier?ref=newsletter', referrer: 'https://www.google.com/' }])
  })

  it('waits for a background tab to be shown, then reports once', () => {
    const tab = page({ visible: false })
    reportRead(story, tab.env)
    expect(tab.sent).toEqual([])
    tab.show(false)
    expect(tab.sent).toEqual([])
    tab.show(true)
    tab.show(false)
    tab.show(true)
    expect(tab.sent).toHaveLength(1)
  })

  it('sends nothing for a page left before it was ever shown', () => {
    const tab = page({ visible: false })
    const cancel = reportRead(story, tab.env)
    cancel()
    tab.show(true)
    expect(tab.sent).toEqual([])
  })

  it('sends nothing from a signed-in browser or for a draft\'s preview', () => {
    const editor = page({ visible: true, signedIn: true })
    reportRead(story, editor.env)
    const preview = page({ visible: true })
    reportRead({ ...story, preview: true }, preview.env)
    expect([...editor.sent, ...preview.sent]).toEqual([])
  })

  it('knows a live session from one that ran out or is not there', () => {
    const now = Date.UTC(2026, 10, 27)
    expect(isSignedIn(JSON.stringify({ access_token: 't', expires_at: now + 1000 }), now)).toBe(true)
    expect(isSignedIn(JSON.stringify({ access_token: 't', expires_at: now - 1000 }), now)).toBe(false)
    expect(isSignedIn('not json', now)).toBe(false)
    expect(isSignedIn(null, now)).toBe(false)
  })
})
