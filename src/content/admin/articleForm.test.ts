import type { Mutation, SanityClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../../tests/support/service.ts'
import {
  ConflictError,
  documentFromValues,
  emptyArticleValues,
  fromLocalInput,
  loadArticleForm,
  messages,
  saveArticle,
  saveError,
  saveMutations,
  SlugTakenError,
  slugFromTitle,
  toLocalInput,
  validateArticleForm,
  valuesFromDocument,
  type ArticleFormValues,
  type SaveDeps,
} from './articleForm.ts'
import { portableTextToEditor } from '../article/portableText.ts'
import type { BodyNode } from '../../../shared/schema.ts'

const authorId = '6f1c2b9e-4a8d-4c1e-9b7a-2d3e4f5a6b7c'
const categoryId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'
const otherCategoryId = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b'

const body: BodyNode[] = [
  { _type: 'block', _key: 'h', style: 'h2', markDefs: [], children: [{ _type: 'span', _key: 's1', text: 'What changes', marks: [] }] },
  { _type: 'block', _key: 'p', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's2', text: 'Night buses run every twenty minutes.', marks: ['strong'] }] },
]

/** A body with its spans' keys left out: the editor has no place for them, so a save makes new ones. */
const withoutSpanKeys = (nodes: unknown) =>
  (nodes as BodyNode[]).map((node) => (node._type === 'block' ? { ...node, children: node.children.map(({ _key, ...span }) => span) } : node))

function counter(prefix = 'k'): () => string {
  let n = 0
  return () => `${prefix}${++n}`
}

function validValues(overrides: Partial<ArticleFormValues> = {}): ArticleFormValues {
  return {
    ...emptyArticleValues(new Date('2026-11-21T08:30:00Z')),
    title: 'Night buses return',
    slug: 'night-buses-return',
    content: portableTextToEditor(body),
    author_id: authorId,
    category_id: categoryId,
    ...overrides,
  }
}

describe('validation', () => {
  it('shows all six of the spec’s messages for an empty form', () => {
    const errors = validateArticleForm(emptyArticleValues())
    expect(errors).toEqual({
      title: [messages.title],
      slug: [messages.slugLength, messages.slugPattern],
      content: [messages.content],
      author_id: [messages.author],
      category_id: [messages.category],
    })
    expect(messages).toMatchObject({
      title: 'Title must be at least 3 characters long.',
      slugLength: 'Slug must be at least 3 characters long.',
      slugPattern: 'Slug can only contain lowercase letters, numbers, and hyphens.',
      content: 'Content is too short.',
      author: 'Please select an author.',
      category: 'Please select a category.',
    })
  })

  it('accepts a complete article', () => {
    expect(validateArticleForm(validValues())).toEqual({})
  })

  it('asks for at least 3 characters of title, not counting spaces around it', () => {
    expect(validateArticleForm(validValues({ title: '  ab  ' })).title).toEqual([messages.title])
    expect(validateArticleForm(validValues({ title: 'abc' })).title).toBeUndefined()
  })

  it('allows only lowercase letters, digits and hyphens in a slug', () => {
    for (const slug of ['Night-Buses', 'night buses', 'night_buses', 'nuit-blanche-é', 'night/buses']) {
      expect(validateArticleForm(validValues({ slug })).slug, slug).toEqual([messages.slugPattern])
    }
    expect(validateArticleForm(validValues({ slug: 'ab' })).slug).toEqual([messages.slugLength])
    expect(validateArticleForm(validValues({ slug: 'a-1-b' })).slug).toBeUndefined()
  })

  it('measures content by the editor’s words: at least 10 characters besides spaces around them', () => {
    const words = (text: string) => portableTextToEditor([{ _type: 'block', _key: 'a', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] }])
    expect(validateArticleForm(validValues({ content: words('Too short') })).content).toEqual([messages.content])
    expect(validateArticleForm(validValues({ content: words('     123456789     ') })).content).toEqual([messages.content])
    expect(validateArticleForm(validValues({ content: words('Just enough') })).content).toBeUndefined()
  })

  it('wants real ids for author and category', () => {
    expect(validateArticleForm(validValues({ author_id: 'priya-raman', category_id: '' }))).toEqual({ author_id: [messages.author], category_id: [messages.category] })
  })

  it('wants an https address for a video, and no address otherwise', () => {
    expect(validateArticleForm(validValues({ media_type: 'video', video_url: '' })).video_url).toEqual([messages.videoUrl])
    expect(validateArticleForm(validValues({ media_type: 'video', video_url: 'http://media.example/v.mp4' })).video_url).toEqual([messages.videoUrl])
    expect(validateArticleForm(validValues({ media_type: 'video', video_url: 'https://media.example/v.mp4' }))).toEqual({})
    expect(validateArticleForm(validValues({ media_type: 'article', video_url: 'not a url' }))).toEqual({})
  })

  it('wants alt text for a main image, and a real publish date', () => {
    expect(validateArticleForm(validValues({ main_image: { assetRef: 'image-abc-10x10-png', alt: ' ' } })).main_image).toEqual([messages.mainImageAlt])
    expect(validateArticleForm(validValues({ published_at: '' })).published_at).toEqual([messages.publishedAt])
  })
})

describe('slugFromTitle', () => {
  it('makes lowercase words joined by single hyphens, without accents or punctuation', () => {
    expect(slugFromTitle('Night buses return to the Northern line')).toBe('night-buses-return-to-the-northern-line')
    expect(slugFromTitle('  Café society: London’s best & brightest!  ')).toBe('cafe-society-londons-best-and-brightest')
    expect(slugFromTitle('2026 -- the year in review')).toBe('2026-the-year-in-review')
  })

  it('cuts long titles at a word', () => {
    const slug = slugFromTitle('word '.repeat(40))
    expect(slug.length).toBeLessThanOrEqual(96)
    expect(slug.endsWith('word')).toBe(true)
  })
})

describe('publish dates', () => {
  it('turn a moment into datetime-local text and back, to the minute', () => {
    const moment = new Date('2026-11-21T08:30:45Z')
    const text = toLocalInput(moment)
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    expect(fromLocalInput(text)).toBe(new Date(Math.floor(moment.getTime() / 60_000) * 60_000).toISOString())
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('yesterday')).toBeNull()
  })
})

describe('stored article and form values', () => {
  const stored = {
    _id: 'a1',
    _type: 'article',
    _rev: 'r1',
    _createdAt: '2026-11-01T00:00:00Z',
    _updatedAt: '2026-11-02T00:00:00Z',
    title: 'Night buses return',
    slug: { _type: 'slug', current: 'night-buses-return' },
    publishedAt: '2026-11-21T08:30:00.000Z',
    excerpt: 'Services every twenty minutes.',
    mainImage: { _type: 'image', asset: { _type: 'reference', _ref: 'image-abc-1600x900-jpg' }, alt: 'A night bus', crop: { top: 0.1, bottom: 0, left: 0, right: 0 } },
    author: { _type: 'reference', _ref: authorId },
    categories: [
      { _type: 'reference', _ref: categoryId, _key: 'c1' },
      { _type: 'reference', _ref: otherCategoryId, _key: 'c2' },
    ],
    body,
    isLeadStory: true,
    isFeatured: false,
    mediaType: 'video',
    videoUrl: 'https://media.example/night.mp4',
    readCount: 4200,
  }

  it('reads the form’s values from the article', () => {
    const values = valuesFromDocument(stored, true)
    expect(values).toMatchObject({
      title: 'Night buses return',
      slug: 'night-buses-return',
      excerpt: 'Services every twenty minutes.',
      author_id: authorId,
      category_id: categoryId,
      published: true,
      is_lead_story: true,
      is_featured: false,
      is_breaking_news: false,
      is_latest_update: false,
      published_at: toLocalInput(new Date(stored.publishedAt)),
      media_type: 'video',
      video_url: 'https://media.example/night.mp4',
      main_image: { assetRef: 'image-abc-1600x900-jpg', alt: 'A night bus' },
    })
    expect(values.content).toEqual(portableTextToEditor(body))
  })

  it('writes the same article back when nothing was changed, keeping what the form does not edit', () => {
    const doc = documentFromValues(valuesFromDocument(stored, true), 'a1', stored, counter())
    const { _rev, _createdAt, _updatedAt, ...rest } = stored
    expect(_rev && _createdAt && _updatedAt).toBeTruthy()
    expect({ ...doc, body: withoutSpanKeys(doc.body) }).toEqual({ ...rest, body: withoutSpanKeys(rest.body), isBreakingNews: false, isLatestUpdate: false })
  })

  it('puts a newly chosen category first and keeps the others', () => {
    const doc = documentFromValues({ ...valuesFromDocument(stored, true), category_id: otherCategoryId }, 'a1', stored, counter())
    expect(doc.categories).toEqual([
      { _type: 'reference', _ref: otherCategoryId, _key: 'c2' },
      { _type: 'reference', _ref: categoryId, _key: 'c1' },
    ])
  })

  it('leaves out what was emptied: excerpt, image, video address of a non-video', () => {
    const doc = documentFromValues({ ...valuesFromDocument(stored, true), excerpt: ' ', main_image: null, media_type: 'article' }, 'a1', stored, counter())
    expect(doc).not.toHaveProperty('excerpt')
    expect(doc).not.toHaveProperty('mainImage')
    expect(doc).not.toHaveProperty('videoUrl')
    expect(doc.mediaType).toBe('article')
  })

  it('writes a new article’s references and flags', () => {
    const doc = documentFromValues(validValues({ is_featured: true, main_image: { assetRef: 'image-def-800x600-png', alt: ' Described ' } }), 'new-id', {}, counter())
    expect(doc).toMatchObject({
      _id: 'new-id',
      _type: 'article',
      slug: { _type: 'slug', current: 'night-buses-return' },
      author: { _type: 'reference', _ref: authorId },
      categories: [{ _type: 'reference', _ref: categoryId, _key: 'k1' }],
      isFeatured: true,
      isLeadStory: false,
      mediaType: 'article',
      mainImage: { _type: 'image', asset: { _type: 'reference', _ref: 'image-def-800x600-png' }, alt: 'Described' },
    })
  })
})

describe('saveMutations', () => {
  const loaded = (published: string | null, draft: string | null) => ({ values: validValues(), base: {}, revisions: { published, draft } })
  const shape = (mutations: ReturnType<typeof saveMutations>) =>
    mutations.map((m) => ('create' in m ? `create ${m.create._id}` : 'createOrReplace' in m ? `replace ${m.createOrReplace._id}` : 'delete' in m ? `delete ${m.delete.id}` : `guard ${m.patch.id}@${m.patch.ifRevisionID}`))

  it('creates a new published article under its id, and a new unpublished one as a draft only', () => {
    expect(shape(saveMutations({ mode: 'create', id: 'a1', values: validValues({ published: true }), loaded: null }))).toEqual(['create a1'])
    expect(shape(saveMutations({ mode: 'create', id: 'a1', values: validValues({ published: false }), loaded: null }))).toEqual(['create drafts.a1'])
  })

  it('publishes over the loaded revision and removes the draft it loaded', () => {
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values: validValues({ published: true }), loaded: loaded('r1', 'd1') }))).toEqual(['guard a1@r1', 'replace a1', 'guard drafts.a1@d1', 'delete drafts.a1'])
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values: validValues({ published: true }), loaded: loaded(null, 'd1') }))).toEqual(['create a1', 'guard drafts.a1@d1', 'delete drafts.a1'])
  })

  it('unpublishes: the draft holds the article and the published version goes', () => {
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values: validValues({ published: false }), loaded: loaded('r1', null) }))).toEqual(['create drafts.a1', 'guard a1@r1', 'delete a1'])
    expect(shape(saveMutations({ mode: 'edit', id: 'a1', values: validValues({ published: false }), loaded: loaded(null, 'd1') }))).toEqual(['guard drafts.a1@d1', 'replace drafts.a1'])
  })
})

describe('saveError', () => {
  const failure = (statusCode: number) => Object.assign(new Error(`HTTP ${statusCode}`), { statusCode })

  it('names a refused write with the spec’s "disabled" messages', () => {
    expect(saveError(failure(403), 'create').message).toBe('Insert disabled - using a hosted content service as backend')
    expect(saveError(failure(403), 'edit').message).toBe('Update disabled - using a hosted content service as backend')
  })

  it('calls a changed or vanished revision a conflict', () => {
    expect(saveError(failure(409), 'edit')).toBeInstanceOf(ConflictError)
    expect(saveError(failure(404), 'edit')).toBeInstanceOf(ConflictError)
    expect(new ConflictError().message).toBe(messages.conflict)
  })

  it('passes other failures on with their own words', () => {
    expect(saveError(failure(500), 'edit').message).toBe('HTTP 500')
    expect(saveError('strange', 'edit').message).toBe('The article could not be saved.')
  })
})

describe('against the content service', () => {
  let service: TestService
  let client: SanityClient
  let deps: SaveDeps
  const reader = () => service.client({ perspective: 'published' })

  beforeAll(async () => {
    service = await startTestService()
    client = service.client({ token: await service.adminToken() })
    deps = { fetch: (query, params) => client.fetch(query, params ?? {}), mutate: (mutations) => client.mutate(mutations as Mutation[]) }
    const tx = client.transaction()
    tx.create({ _id: authorId, _type: 'author', name: 'Tom Whitcombe', slug: { _type: 'slug', current: 'tom' } })
    tx.create({ _id: 'b0000000-0000-4000-8000-000000000000', _type: 'author', name: 'Aisha Okafor', slug: { _type: 'slug', current: 'aisha' } })
    tx.create({ _id: 'drafts.b0000000-0000-4000-8000-000000000001', _type: 'author', name: 'Draft Author', slug: { _type: 'slug', current: 'draft' } })
    tx.create({ _id: categoryId, _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' })
    tx.create({ _id: otherCategoryId, _type: 'category', title: 'Business & Money', slug: { _type: 'slug', current: 'business' }, kind: 'section' })
    await tx.commit()
  })

  afterAll(async () => {
    await service?.stop()
  })

  it('loads authors and categories by name, without drafts', async () => {
    const data = await loadArticleForm(deps.fetch, null)
    expect(data.authors.map((a) => a.name)).toEqual(['Aisha Okafor', 'Tom Whitcombe'])
    expect(data.categories).toEqual([
      { id: otherCategoryId, name: 'Business & Money' },
      { id: categoryId, name: 'UK' },
    ])
    expect(data.article).toBeNull()
  })

  it('creates, publishes, edits, unpublishes and republishes an article, readers seeing only what is published', async () => {
    const id = 'c1111111-1111-4111-8111-111111111111'
    await saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'lifecycle', published: false }), loaded: null })
    expect(await reader().fetch('*[_id == $id][0]', { id })).toBeNull()
    let form = await loadArticleForm(deps.fetch, id)
    expect(form.article?.values).toMatchObject({ slug: 'lifecycle', published: false })
    expect(form.article?.revisions).toEqual({ published: null, draft: expect.any(String) })

    await saveArticle(deps, { mode: 'edit', id, values: { ...form.article!.values, published: true }, loaded: form.article })
    expect(await reader().fetch('*[_id == $id][0].slug.current', { id })).toBe('lifecycle')
    expect(await client.fetch('count(*[_id == $draft])', { draft: `drafts.${id}` })).toBe(0)

    form = await loadArticleForm(deps.fetch, id)
    await saveArticle(deps, { mode: 'edit', id, values: { ...form.article!.values, title: 'Lifecycle, revised' }, loaded: form.article })
    expect(await reader().fetch('*[_id == $id][0].title', { id })).toBe('Lifecycle, revised')

    form = await loadArticleForm(deps.fetch, id)
    await saveArticle(deps, { mode: 'edit', id, values: { ...form.article!.values, published: false }, loaded: form.article })
    expect(await reader().fetch('*[_id == $id][0]', { id })).toBeNull()
    form = await loadArticleForm(deps.fetch, id)
    expect(form.article?.values).toMatchObject({ title: 'Lifecycle, revised', published: false })

    await saveArticle(deps, { mode: 'edit', id, values: { ...form.article!.values, published: true }, loaded: form.article })
    expect(await reader().fetch('*[_id == $id][0].title', { id })).toBe('Lifecycle, revised')
    expect(withoutSpanKeys(await reader().fetch('*[_id == $id][0].body', { id }))).toEqual(withoutSpanKeys(body))
  })

  it('loads the draft over the published version', async () => {
    const id = 'c2222222-2222-4222-8222-222222222222'
    const published = documentFromValues(validValues({ slug: 'overlay', title: 'Published title' }), id, {}, counter())
    await client.transaction().create(published).create({ ...published, _id: `drafts.${id}`, title: 'Draft title' }).commit()
    const form = await loadArticleForm(deps.fetch, id)
    expect(form.article?.values).toMatchObject({ title: 'Draft title', published: true })
    expect(form.article?.revisions).toEqual({ published: expect.any(String), draft: expect.any(String) })
  })

  it('refuses a slug another article has, counting its draft, but not the article’s own', async () => {
    const id = 'c3333333-3333-4333-8333-333333333333'
    await client.create({ ...documentFromValues(validValues({ slug: 'taken-by-a-draft' }), 'someone-else', {}, counter()), _id: 'drafts.someone-else' })
    const refused = await saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'taken-by-a-draft' }), loaded: null }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(SlugTakenError)
    expect((refused as Error).message).toBe('This slug is already used by another article.')

    await saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'my-own-slug', published: true }), loaded: null })
    const form = await loadArticleForm(deps.fetch, id)
    await expect(saveArticle(deps, { mode: 'edit', id, values: form.article!.values, loaded: form.article })).resolves.toBeUndefined()
  })

  it('says someone else saved when the article changed since it was loaded, and changes nothing', async () => {
    const id = 'c4444444-4444-4444-8444-444444444444'
    await saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'contested', published: true }), loaded: null })
    const tabA = await loadArticleForm(deps.fetch, id)
    const tabB = await loadArticleForm(deps.fetch, id)
    await saveArticle(deps, { mode: 'edit', id, values: { ...tabA.article!.values, title: 'Tab A wins' }, loaded: tabA.article })
    await expect(saveArticle(deps, { mode: 'edit', id, values: { ...tabB.article!.values, title: 'Tab B loses' }, loaded: tabB.article })).rejects.toBeInstanceOf(ConflictError)
    // Unpublishing from a stale form is refused the same way.
    await expect(saveArticle(deps, { mode: 'edit', id, values: { ...tabB.article!.values, published: false }, loaded: tabB.article })).rejects.toBeInstanceOf(ConflictError)
    expect(await reader().fetch('*[_id == $id][0].title', { id })).toBe('Tab A wins')
    expect(await client.fetch('count(*[_id == $draft])', { draft: `drafts.${id}` })).toBe(0)
  })

  it('says someone else saved when a new article’s id was taken meanwhile', async () => {
    const id = 'c5555555-5555-4555-8555-555555555555'
    await client.create({ _id: id, _type: 'article', title: 'Got there first', slug: { _type: 'slug', current: 'first' } })
    await expect(saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'second', published: true }), loaded: null })).rejects.toBeInstanceOf(ConflictError)
  })

  it('shows the spec’s disabled messages when the service refuses this user writes', async () => {
    const viewer = service.client({ token: service.auth.createRobotToken('viewer', 'form test', 600) })
    const viewerDeps: SaveDeps = { fetch: (query, params) => viewer.fetch(query, params ?? {}), mutate: (mutations) => viewer.mutate(mutations as Mutation[]) }
    await expect(saveArticle(viewerDeps, { mode: 'create', id: 'c6666666-6666-4666-8666-666666666666', values: validValues({ slug: 'refused' }), loaded: null })).rejects.toThrow(messages.insertDisabled)
    const id = 'c7777777-7777-4777-8777-777777777777'
    await saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'refused-edit', published: true }), loaded: null })
    const form = await loadArticleForm(viewerDeps.fetch, id)
    await expect(saveArticle(viewerDeps, { mode: 'edit', id, values: form.article!.values, loaded: form.article })).rejects.toThrow(messages.updateDisabled)
  })
})
