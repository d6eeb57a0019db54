// The bounds the service holds every write to (server/store/bounds.ts, shared/slug.ts,
// shared/paths.ts): slugs, titles and excerpts of articles, photo essays, categories and authors,
// refused with the protocol's 400 mutation error and nothing written; a person's email likewise.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../support/service.ts'
import { taxonomyRefusal } from '../../src/content/admin/authorsAndCategories.ts'
import { expectErrorBody, raw, rejection, type RawResponse } from './helpers.ts'

let service: TestService
let token: string

beforeAll(async () => {
  service = await startTestService()
  token = await service.adminToken()
})

afterAll(async () => {
  await service?.stop()
})

const mutate = (mutations: unknown[]): Promise<RawResponse> =>
  raw(`${service.url}/v2023-05-03/data/mutate/${service.config.dataset}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ mutations }),
  })

const stored = async (id: string): Promise<unknown> => {
  const res = await raw(`${service.url}/v2023-05-03/data/doc/${service.config.dataset}/${id}`, { headers: { authorization: `Bearer ${token}` } })
  return res.json.documents[0]
}

const slug = (current: unknown) => ({ _type: 'slug', current })

/** Asserts the 400 refusal naming the field, and that the message says what is wrong. */
function expectRefused(res: RawResponse, field: string, message: string | RegExp, index = 0): void {
  expectErrorBody(res, 400)
  expect(res.json.error.type).toBe('mutationError')
  const item = res.json.error.items[0]
  expect(item.index).toBe(index)
  expect(item.error).toMatchObject({ type: 'validationError', field })
  expect(item.error.description).toMatch(message)
}

describe('articles and photo essays', () => {
  it('refuse a 300-character slug, a slug with a leading or doubled hyphen, capitals or a slash', async () => {
    const cases: Array<[unknown, RegExp]> = [
      ['s'.repeat(300), /^Slug must be at most 96 characters long\.$/],
      ['-starts-with-a-dash', /cannot start or end with a hyphen/],
      ['ends-with-a-dash-', /cannot start or end with a hyphen/],
      ['two--dashes', /two hyphens in a row/],
      ['Capital-Letters', /only contain lowercase letters, numbers, and hyphens/],
      ['a/b', /only contain lowercase letters, numbers, and hyphens/],
      [42, /Slug must be text/],
    ]
    for (const [current, message] of cases) {
      expectRefused(await mutate([{ create: { _id: 'bad-slug', _type: 'article', title: 'A story', slug: slug(current) } }]), 'slug', message)
      expectRefused(await mutate([{ create: { _id: 'drafts.bad-essay', _type: 'imageGallery', title: 'An essay', slug: slug(current) } }]), 'slug', message)
    }
    expect(await stored('bad-slug')).toBeUndefined()
    expect(await stored('drafts.bad-essay')).toBeUndefined()
  })

  it('refuse a 1,000-character title and a 5,000-character excerpt, by create or by patch, and change nothing', async () => {
    expectRefused(await mutate([{ create: { _id: 'long-title', _type: 'article', title: 'T'.repeat(1000), slug: slug('long-title') } }]), 'title', 'Title must be at most 200 characters long.')
    const ok = await mutate([{ create: { _id: 'bounded', _type: 'article', title: 'T'.repeat(200), excerpt: 'E'.repeat(300), slug: slug('s'.repeat(96)) } }])
    expect(ok.status, ok.text).toBe(200)
    // The refused mutation is named by its index in the transaction, which is written whole or not at all.
    const patched = await mutate([{ patch: { id: 'bounded', set: { isFeatured: true } } }, { patch: { id: 'bounded', set: { excerpt: 'E'.repeat(5000) } } }])
    expectRefused(patched, 'excerpt', 'Excerpt must be at most 300 characters long.', 1)
    const doc = (await stored('bounded')) as Record<string, unknown>
    expect(doc.excerpt).toBe('E'.repeat(300))
    expect(doc.isFeatured).toBeUndefined()
    expectRefused(await mutate([{ patch: { id: 'bounded', set: { 'slug.current': '-x' } } }]), 'slug', /hyphen/)
  })

  it('may use a fixed page’s word in an article’s slug, which lives under /article', async () => {
    expect((await mutate([{ create: { _id: 'about-article', _type: 'article', title: 'About', slug: slug('about') } }])).status).toBe(200)
  })
})

describe('categories and authors', () => {
  it('refuse a slug a fixed page or the service already answers', async () => {
    for (const reserved of ['search', 'about', 'contact', 'subscribe', 'trending', 'archive', 'videos', 'photo-essays', 'admin', 'article', 'author', 'topic', 'images', 'v1']) {
      const category = await mutate([{ create: { _id: `category-${reserved}`, _type: 'category', title: 'Taken', kind: 'section', slug: slug(reserved) } }])
      expectRefused(category, 'slug', `/${reserved} is already one of the site’s own addresses: choose another slug.`)
      expectRefused(await mutate([{ create: { _id: `author-${reserved}`, _type: 'author', name: 'Taken', slug: slug(reserved) } }]), 'slug', /site’s own addresses/)
    }
    expectRefused(await mutate([{ create: { _id: 'category-long', _type: 'category', title: 'C'.repeat(201), kind: 'topic', slug: slug('long') } }]), 'title', 'Title must be at most 200 characters long.')
    expect((await mutate([{ create: { _id: 'category-uk', _type: 'category', title: 'UK', kind: 'section', slug: slug('uk') } }])).status).toBe(200)
    expectRefused(await mutate([{ patch: { id: 'category-uk', set: { slug: slug('search') } } }]), 'slug', /site’s own addresses/)
  })

  it('are refused on the Authors and Categories pages in the bound’s own words, without “The mutation(s) failed”', async () => {
    const client = service.client({ token })
    const author = await rejection(client.create({ _id: 'author-about', _type: 'author', name: 'About', slug: slug('about') }))
    expect(String(author.message)).toMatch(/^The mutation\(s\) failed/)
    expect(taxonomyRefusal('author', author)).toBe('/about is already one of the site’s own addresses: choose another slug.')
    const category = await rejection(client.patch('category-uk').set({ title: 'U'.repeat(201) }).commit())
    expect(taxonomyRefusal('category', category)).toBe('Title must be at most 200 characters long.')
    const gone = await rejection(client.patch('category-uk').ifRevisionId('not-the-revision').set({ title: 'United Kingdom' }).commit())
    expect(taxonomyRefusal('category', gone)).toBe('Someone else changed or deleted this category since the page loaded. Close the form and open it again.')
  })
})

describe('people', () => {
  it('refuse an email that is not an address, with the form’s words', async () => {
    for (const email of ['<script>alert(1)</script>@x.org', 'name@example', 'two words@example.org', '"quoted"@example.org', `${'a'.repeat(250)}@x.org`]) {
      const res = await raw(`${service.url}/auth/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ email, role: 'editor', password: 'long enough password' }),
      })
      expectErrorBody(res, 400)
      expect(res.json.message).toBe('Enter an email address, such as name@example.org.')
    }
  })
})
