// Preview's contract with the service (docs/decisions/014-preview.md): a signed-in editor's query of
// the drafts perspective answers with the draft, marked `private, no-store` so no shared cache or
// browser keeps it; an anonymous query of the same perspective still answers published content only.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../support/service.ts'
import { raw } from './helpers.ts'

let service: TestService
let token: string

const query = `*[_type == "article" && slug.current == $slug][0]{title}`

function previewUrl(perspective: string): string {
  const params = new URLSearchParams({ query, $slug: JSON.stringify('preview-story'), perspective })
  return `${service.url}/v2025-02-19/data/query/production?${params}`
}

beforeAll(async () => {
  service = await startTestService()
  token = await service.adminToken()
  const admin = service.client({ token })
  await admin.create({ _id: 'preview-story', _type: 'article', title: 'Published words', slug: { _type: 'slug', current: 'preview-story' } })
  await admin.create({ _id: 'drafts.preview-story', _type: 'article', title: 'Draft words', slug: { _type: 'slug', current: 'preview-story' } })
  await admin.create({ _id: 'drafts.only-draft', _type: 'article', title: 'Never published', slug: { _type: 'slug', current: 'only-draft' } })
})

afterAll(async () => {
  await service?.stop()
})

describe('a signed-in preview query', () => {
  it('answers with the draft over the published article, private and never stored', async () => {
    const res = await raw(previewUrl('drafts'), { headers: { authorization: `Bearer ${token}` } })
    expect(res.status, res.text.slice(0, 300)).toBe(200)
    expect(res.json.result).toEqual({ title: 'Draft words' })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('vary') ?? '').toMatch(/authorization/i)
  })

  it('finds an article that only exists as a draft', async () => {
    const params = new URLSearchParams({ query, $slug: JSON.stringify('only-draft'), perspective: 'drafts' })
    const res = await raw(`${service.url}/v2025-02-19/data/query/production?${params}`, { headers: { authorization: `Bearer ${token}` } })
    expect(res.json.result).toEqual({ title: 'Never published' })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('a contributor’s preview', () => {
  // Contributors write drafts (shared/roles.ts draftWriterRoles), so they preview them too.
  const login = { email: 'preview-writer@resonance.test', password: 'a contributor password' }
  let contributorToken: string

  beforeAll(async () => {
    await service.auth.upsertUser(login.email, login.password, 'contributor')
    const res = await raw(`${service.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) })
    expect(res.json.user.role).toBe('contributor')
    contributorToken = res.json.access_token
  })

  it('answers with the draft, private and never stored', async () => {
    const res = await raw(previewUrl('drafts'), { headers: { authorization: `Bearer ${contributorToken}` } })
    expect(res.status, res.text.slice(0, 300)).toBe(200)
    expect(res.json.result).toEqual({ title: 'Draft words' })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  it('reads nothing of what readers send the newsroom', async () => {
    for (const path of ['inbox', 'subscribers', 'outbox']) {
      const res = await raw(`${service.url}/newsroom/${path}`, { headers: { authorization: `Bearer ${contributorToken}` } })
      expect(res.status, path).toBe(403)
    }
  })
})

describe('an anonymous query of the drafts perspective', () => {
  it('answers with the published article only, twice (the second from the URL cache)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await raw(previewUrl('drafts'))
      expect(res.status, res.text.slice(0, 300)).toBe(200)
      expect(res.json.result).toEqual({ title: 'Published words' })
      expect(res.text).not.toContain('Draft words')
      // The same answer for every anonymous reader: shared caches may keep it (it holds no draft).
      expect(res.headers.get('cache-control')).toMatch(/^public, /)
    }
  })

  it('finds nothing for an article that only exists as a draft, even right after an editor previewed it', async () => {
    const params = new URLSearchParams({ query, $slug: JSON.stringify('only-draft'), perspective: 'drafts' })
    const url = `${service.url}/v2025-02-19/data/query/production?${params}`
    expect((await raw(url, { headers: { authorization: `Bearer ${token}` } })).json.result).toEqual({ title: 'Never published' })
    const res = await raw(url)
    expect(res.json.result).toBeNull()
    expect(res.text).not.toContain('Never published')
  })
})
