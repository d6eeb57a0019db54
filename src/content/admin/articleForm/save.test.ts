import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../../../tests/support/service.ts'
import { documentFromValues, type StoredArticle } from './document.ts'
import { authorId, body, categoryId, counter, otherCategoryId, validValues, withoutSpanKeys } from './validArticle.fixtures.ts'
import { loadArticleForm } from './load.ts'
import { messages } from './messages.ts'
import { autosaveDraft } from './autosave.ts'
import { differencesFromLive, differingFields } from './draftVersusLive.ts'
import { ConflictError, discardDraft, saveArticle, saveError, SlugTakenError, type SaveDeps } from './save.ts'

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
  let client: ReturnType<TestService['client']>
  let deps: SaveDeps
  const reader = () => service.client({ perspective: 'published' })

  beforeAll(async () => {
    service = await startTestService()
    client = service.client({ token: await service.adminToken() })
    deps = { fetch: (query, params) => client.fetch(query, params ?? {}), mutate: (mutations) => client.mutate(mutations) }
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
    expect(form.article?.revisions).toEqual({ published: null, draft: expect.any(String), basedOn: null })

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
    expect(form.article?.revisions).toEqual({ published: expect.any(String), draft: expect.any(String), basedOn: expect.any(String) })
    // Written together: the draft is based on the published version readers see.
    expect(form.article?.revisions.basedOn).toBe(form.article?.revisions.published)
    expect(form.article?.stale).toBe(false)
    expect(form.article?.live).toMatchObject({ title: 'Published title' })
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

  const autosaveMutate = (mutations: unknown[]) => client.mutate(mutations as never) as unknown as Promise<{ transactionId: string }>

  it('says a taken slug is taken when an autosave is refused for it, not that someone else saved', async () => {
    await saveArticle(deps, { mode: 'create', id: 'c3333333-3333-4333-8333-33333333aaaa', values: validValues({ slug: 'held-by-another', published: true }), loaded: null })
    const id = 'c3333333-3333-4333-8333-33333333bbbb'
    const refused = await autosaveDraft(autosaveMutate, { mode: 'create', id, values: validValues({ slug: 'held-by-another' }), loaded: null }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(SlugTakenError)
    expect(refused).not.toBeInstanceOf(ConflictError)
    expect((refused as Error).message).toBe('This slug is already used by another article.')
    expect(await client.getDocument(`drafts.${id}`)).toBeUndefined()
  })

  it('says which bound a write the service refuses breaks, in the form’s words', async () => {
    const id = 'c3333333-3333-4333-8333-33333333cccc'
    // The form checks these first; the service holds every writer to them (docs/content-api.md §3).
    const tooLong = await autosaveDraft(autosaveMutate, { mode: 'create', id, values: validValues({ slug: 'ok-slug', title: 'T'.repeat(201) }), loaded: null }).catch((e: unknown) => e)
    expect((tooLong as Error).message).toBe(messages.titleLong)
    const dashed = await autosaveDraft(autosaveMutate, { mode: 'create', id, values: validValues({ slug: '-dashed' }), loaded: null }).catch((e: unknown) => e)
    expect((dashed as Error).message).toBe(messages.slugHyphens)
    expect(await client.getDocument(`drafts.${id}`)).toBeUndefined()
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

  it('keeps an editor’s published change when a contributor’s older draft is published: a conflict, both versions kept', async () => {
    const id = 'c8888888-8888-4888-8888-888888888888'
    const contributor = service.client({ token: service.auth.createRobotToken('contributor', 'draft test', 600) })
    const contributorDeps: SaveDeps = { fetch: (query, params) => contributor.fetch(query, params ?? {}), mutate: (mutations) => contributor.mutate(mutations) }
    await saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'night-buses', title: 'Night buses return', published: true }), loaded: null })
    // Both open the live article; the contributor saves a draft with a new excerpt.
    const editorForm = await loadArticleForm(deps.fetch, id)
    const contributorForm = await loadArticleForm(contributorDeps.fetch, id)
    await saveArticle(contributorDeps, { mode: 'edit', id, values: { ...contributorForm.article!.values, excerpt: 'Every twenty minutes from Friday.' }, loaded: contributorForm.article, draftOnly: true })
    // The editor publishes a new title over the version they loaded: readers see it at once.
    await saveArticle(deps, { mode: 'edit', id, values: { ...editorForm.article!.values, title: 'Night buses return from Friday' }, loaded: editorForm.article })
    expect(await reader().fetch('*[_id == $id][0].title', { id })).toBe('Night buses return from Friday')

    // Opened again, the form edits the contributor's draft, and knows it was made from the older version.
    const reopened = await loadArticleForm(deps.fetch, id)
    expect(reopened.article?.values.title).toBe('Night buses return')
    expect(reopened.article?.stale).toBe(true)
    expect(reopened.article?.revisions.basedOn).toBe(editorForm.article?.revisions.published)
    const changes = differencesFromLive(reopened.article!.live as StoredArticle, reopened.article!.values, id, reopened.article!.base, reopened.authors)
    expect(differingFields(changes)).toBe('Title, Excerpt')
    expect(changes[0]).toMatchObject({ label: 'Title', revision: 'Night buses return from Friday', current: 'Night buses return' })

    // Publishing that draft would put the old title back: the service refuses it, and says why.
    const refused = await saveArticle(deps, { mode: 'edit', id, values: reopened.article!.values, loaded: reopened.article }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ConflictError)
    // Nobody else saved: said so, not "someone else saved".
    expect(refused).toMatchObject({ kind: 'staleDraft', message: messages.staleDraft })
    expect(await reader().fetch('*[_id == $id][0].title', { id })).toBe('Night buses return from Friday')
    expect(await client.fetch('*[_id == $draft][0].excerpt', { draft: `drafts.${id}` })).toBe('Every twenty minutes from Friday.')

    // The contributor saving again keeps the draft based on the version it was made from: still stale.
    const again = await loadArticleForm(contributorDeps.fetch, id)
    await saveArticle(contributorDeps, { mode: 'edit', id, values: { ...again.article!.values, excerpt: 'Every twenty minutes.' }, loaded: again.article, draftOnly: true })
    expect((await loadArticleForm(deps.fetch, id)).article?.stale).toBe(true)

    // Having compared the two, the editor keeps editing the draft (based now on what readers see), takes the new title and publishes.
    const kept = (await loadArticleForm(deps.fetch, id)).article!
    const rebased = { ...kept, revisions: { ...kept.revisions, basedOn: kept.revisions.published }, stale: false }
    await saveArticle(deps, { mode: 'edit', id, values: { ...kept.values, title: 'Night buses return from Friday' }, loaded: rebased })
    expect(await reader().fetch('*[_id == $id][0]{title, excerpt, basedOnRevision}', { id })).toEqual({ title: 'Night buses return from Friday', excerpt: 'Every twenty minutes.', basedOnRevision: null })
    expect(await client.fetch('count(*[_id == $draft])', { draft: `drafts.${id}` })).toBe(0)
  })

  it('says someone else saved when the live article changed while a fresh draft was open, and not otherwise', async () => {
    const id = 'c5555555-5555-4555-8555-55555555aaaa'
    await saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'ferry-returns', title: 'Ferry returns', published: true }), loaded: null })
    const live = await loadArticleForm(deps.fetch, id)
    await saveArticle(deps, { mode: 'edit', id, values: { ...live.article!.values, excerpt: 'From Monday.' }, loaded: live.article, draftOnly: true })
    const open = (await loadArticleForm(deps.fetch, id)).article!
    expect(open.stale).toBe(false)
    // Another editor publishes over the live version while this draft is open.
    await client.patch(id).set({ title: 'Ferry returns to Woolwich' }).commit()
    const refused = await saveArticle(deps, { mode: 'edit', id, values: open.values, loaded: open }).catch((e: unknown) => e)
    expect(refused).toMatchObject({ name: 'ConflictError', kind: 'changed', message: messages.conflict })
    expect(await reader().fetch('*[_id == $id][0].title', { id })).toBe('Ferry returns to Woolwich')
  })

  it('discards a draft beside the live article only when it is the draft the form loaded', async () => {
    const id = 'c9999999-9999-4999-8999-999999999999'
    await saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'discarded', title: 'Live title', published: true }), loaded: null })
    const live = await loadArticleForm(deps.fetch, id)
    await saveArticle(deps, { mode: 'edit', id, values: { ...live.article!.values, title: 'Draft title' }, loaded: live.article, draftOnly: true })
    const first = (await loadArticleForm(deps.fetch, id)).article!
    expect(first.stale).toBe(false)
    await saveArticle(deps, { mode: 'edit', id, values: { ...first.values, title: 'Newer draft title' }, loaded: first, draftOnly: true })
    // A form holding the older draft cannot discard the newer one.
    await expect(discardDraft(deps.mutate, { id, draftRevision: first.revisions.draft! })).rejects.toBeInstanceOf(ConflictError)
    expect(await client.fetch('*[_id == $draft][0].title', { draft: `drafts.${id}` })).toBe('Newer draft title')
    const current = (await loadArticleForm(deps.fetch, id)).article!
    await discardDraft(deps.mutate, { id, draftRevision: current.revisions.draft! })
    expect(await client.fetch('count(*[_id == $draft])', { draft: `drafts.${id}` })).toBe(0)
    expect(await reader().fetch('*[_id == $id][0].title', { id })).toBe('Live title')
  })

  it('says someone else saved when a new article’s id was taken meanwhile', async () => {
    const id = 'c5555555-5555-4555-8555-555555555555'
    await client.create({ _id: id, _type: 'article', title: 'Got there first', slug: { _type: 'slug', current: 'first' } })
    await expect(saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'second', published: true }), loaded: null })).rejects.toBeInstanceOf(ConflictError)
  })

  it('shows the spec’s disabled messages when the service refuses this user writes', async () => {
    const viewer = service.client({ token: service.auth.createRobotToken('viewer', 'form test', 600) })
    const viewerDeps: SaveDeps = { fetch: (query, params) => viewer.fetch(query, params ?? {}), mutate: (mutations) => viewer.mutate(mutations) }
    await expect(saveArticle(viewerDeps, { mode: 'create', id: 'c6666666-6666-4666-8666-666666666666', values: validValues({ slug: 'refused' }), loaded: null })).rejects.toThrow(messages.insertDisabled)
    const id = 'c7777777-7777-4777-8777-777777777777'
    await saveArticle(deps, { mode: 'create', id, values: validValues({ slug: 'refused-edit', published: true }), loaded: null })
    const form = await loadArticleForm(viewerDeps.fetch, id)
    await expect(saveArticle(viewerDeps, { mode: 'edit', id, values: form.article!.values, loaded: form.article })).rejects.toThrow(messages.updateDisabled)
  })
})
