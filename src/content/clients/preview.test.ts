import { describe, expect, it } from 'vitest'
import { saveSession, type Session } from './auth.ts'
import { previewSession } from './preview.ts'

function stored(session: Session): Map<string, string> {
  const map = new Map<string, string>()
  saveSession(session, { setItem: (key, value) => void map.set(key, value) })
  return map
}

const storage = (map: Map<string, string>) => ({ getItem: (key: string) => map.get(key) ?? null })
const session = (role: Session['user']['role'], expiresAt = Date.now() + 60_000): Session => ({
  access_token: 'sk-token',
  token_type: 'bearer',
  expires_at: expiresAt,
  user: { id: 'u1', email: 'editor@paper.test', role },
})

describe('previewSession', () => {
  it('reads the session the admin area stored, when its holder writes drafts', () => {
    expect(previewSession(storage(stored(session('editor'))))).toEqual({ token: 'sk-token', role: 'editor' })
    expect(previewSession(storage(stored(session('admin'))))).toEqual({ token: 'sk-token', role: 'admin' })
    // A contributor previews the drafts they write.
    expect(previewSession(storage(stored(session('contributor'))))).toEqual({ token: 'sk-token', role: 'contributor' })
  })

  it('gives nothing to a viewer, to an expired session, to nonsense and without storage', () => {
    expect(previewSession(storage(stored(session('viewer'))))).toBeNull()
    expect(previewSession(storage(stored(session('editor', Date.now() - 1))))).toBeNull()
    expect(previewSession(storage(new Map([['resonance.session', '{not json']])))).toBeNull()
    expect(previewSession(storage(new Map()))).toBeNull()
    expect(previewSession(null)).toBeNull()
  })
})
