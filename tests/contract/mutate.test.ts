// The mutate endpoint (docs/content-api.md §3) driven by @sanity/client's create/patch/delete,
// transactions and mutate().

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, type MultipleMutationResult, type Mutation, type SanityClient } from '@sanity/client'
import { startTestService, type TestService } from '../support/service.ts'
import { DOCUMENT_ID, ISO_TIMESTAMP, raw, recordRequests, rejection, type LoggedRequest } from './helpers.ts'

let service: TestService
let admin: SanityClient
let requests: LoggedRequest[]

beforeAll(async () => {
  service = await startTestService()
  requests = recordRequests(service.server)
  admin = service.client({ token: await service.adminToken() })
})

afterAll(async () => {
  await service?.stop()
})

/**
 * client.mutate() without returnDocuments resolves {transactionId, results, documentIds} at run
 * time (src/data/dataMethods.ts _dataRequest); its overloads type that call as a document.
 */
const mutate = (mutations: Mutation[], options: { dryRun?: boolean } = {}) => admin.mutate(mutations, options) as unknown as Promise<MultipleMutationResult>

/** The stored document, read with a token (raw lookup, so drafts too). */
const stored = (id: string) => admin.getDocument(id)

describe('create, createOrReplace, createIfNotExists, delete', () => {
  it('create without _id generates a valid id and stamps _rev, _createdAt and _updatedAt', async () => {
    const doc = await admin.create({ _type: 'note', text: 'hello' })
    expect(doc._id).toMatch(DOCUMENT_ID)
    expect(doc._id.length).toBeGreaterThanOrEqual(8)
    expect(doc._type).toBe('note')
    expect(doc.text).toBe('hello')
    expect(typeof doc._rev).toBe('string')
    expect(doc._rev.length).toBeGreaterThan(0)
    expect(doc._createdAt).toMatch(ISO_TIMESTAMP)
    expect(doc._updatedAt).toMatch(ISO_TIMESTAMP)
    expect(Math.abs(Date.parse(doc._createdAt) - Date.now())).toBeLessThan(60_000)
    expect(doc._updatedAt).toBe(doc._createdAt)
    expect(await stored(doc._id)).toEqual(doc)

    const other = await admin.create({ _type: 'note' })
    expect(other._id).not.toBe(doc._id)
  })

  it('create with an _id ending in "." uses it as a prefix', async () => {
    const doc = await admin.create({ _id: 'notes.', _type: 'note' })
    expect(doc._id.startsWith('notes.')).toBe(true)
    expect(doc._id.length).toBeGreaterThan('notes.'.length)
    expect(doc._id).toMatch(DOCUMENT_ID)
  })

  it('ignores a client-sent _rev and _updatedAt on create', async () => {
    const doc = await admin.create({ _id: 'stamped', _type: 'note', _rev: 'forged-rev', _updatedAt: '2001-01-01T00:00:00Z' })
    expect(doc._rev).not.toBe('forged-rev')
    expect(doc._updatedAt).not.toBe('2001-01-01T00:00:00Z')
  })

  it('create on an existing id fails with 409 documentAlreadyExistsError and leaves the document alone', async () => {
    await admin.create({ _id: 'taken', _type: 'note', text: 'original' })
    const error = await rejection(admin.create({ _id: 'taken', _type: 'note', text: 'intruder' }))
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(409)
    expect(error.details.type).toBe('mutationError')
    expect(error.details.items[0].error.type).toBe('documentAlreadyExistsError')
    expect(error.details.items[0].error.id).toBe('taken')
    expect((await stored('taken'))?.text).toBe('original')
  })

  it('createOrReplace replaces the content but keeps _createdAt', async () => {
    // Written "years ago" directly through the store, so a reset _createdAt would show.
    await service.store.commit('production', [{ create: { _id: 'replaced', _type: 'note', old: true } }], { timestamp: new Date('2020-01-02T03:04:05Z') })
    const before = await stored('replaced')
    expect(before?._createdAt).toBe('2020-01-02T03:04:05Z')

    const doc = await admin.createOrReplace({ _id: 'replaced', _type: 'note', fresh: true })
    expect(doc._createdAt).toBe('2020-01-02T03:04:05Z')
    expect(doc._updatedAt).not.toBe('2020-01-02T03:04:05Z')
    expect(Math.abs(Date.parse(doc._updatedAt) - Date.now())).toBeLessThan(60_000)
    expect(doc._rev).not.toBe(before?._rev)
    expect(doc).toHaveProperty('fresh', true)
    expect(doc).not.toHaveProperty('old')
    expect(await stored('replaced')).toEqual(doc)
  })

  it('createOrReplace of a new id creates it; operations are create then update', async () => {
    const first = await mutate([{ createOrReplace: { _id: 'cor-new', _type: 'note', n: 1 } }])
    expect(first.results).toEqual([expect.objectContaining({ id: 'cor-new', operation: 'create' })])
    const second = await mutate([{ createOrReplace: { _id: 'cor-new', _type: 'note', n: 2 } }])
    expect(second.results).toEqual([expect.objectContaining({ id: 'cor-new', operation: 'update' })])
    expect((await stored('cor-new'))?.n).toBe(2)
  })

  it('createIfNotExists on an existing document changes nothing (operation none)', async () => {
    const original = await admin.create({ _id: 'keep-me', _type: 'note', text: 'first' })
    const returned = await admin.createIfNotExists({ _id: 'keep-me', _type: 'note', text: 'second' })
    expect(returned).toEqual(original)
    expect(await stored('keep-me')).toEqual(original)
    const res = await mutate([{ createIfNotExists: { _id: 'keep-me', _type: 'note', text: 'third' } }])
    expect(res.results).toEqual([expect.objectContaining({ id: 'keep-me', operation: 'none' })])
    expect(await stored('keep-me')).toEqual(original)
  })

  it('createIfNotExists on a new id creates it', async () => {
    const doc = await admin.createIfNotExists({ _id: 'made-if-missing', _type: 'note', text: 'x' })
    expect(doc).toMatchObject({ _id: 'made-if-missing', text: 'x' })
    expect(await stored('made-if-missing')).toEqual(doc)
  })

  it('delete by id removes the document and reports the operation', async () => {
    await admin.create({ _id: 'doomed', _type: 'note' })
    const res = await admin.delete('doomed')
    expect(res.results).toEqual([expect.objectContaining({ id: 'doomed', operation: 'delete' })])
    expect(typeof res.transactionId).toBe('string')
    expect(await stored('doomed')).toBeUndefined()
  })

  it('delete of a missing id succeeds', async () => {
    const res = await admin.delete('never-existed')
    expect(typeof res.transactionId).toBe('string')
  })

  it('delete by query with params removes exactly the matching documents', async () => {
    await admin
      .transaction()
      .create({ _id: 'batch-1', _type: 'batchItem', group: 'x' })
      .create({ _id: 'batch-2', _type: 'batchItem', group: 'x' })
      .create({ _id: 'batch-3', _type: 'batchItem', group: 'y' })
      .commit()
    const res = (await admin.delete({ query: '*[_type == "batchItem" && group == $g]', params: { g: 'x' } })) as unknown as MultipleMutationResult
    expect(res.results.map((r) => r.id).sort()).toEqual(['batch-1', 'batch-2'])
    expect(res.results.every((r) => r.operation === 'delete')).toBe(true)
    expect(await admin.fetch('*[_type == "batchItem"]._id')).toEqual(['batch-3'])
  })
})

describe('patches', () => {
  it('set, setIfMissing, unset, inc and dec by id', async () => {
    await admin.create({ _id: 'p-ops', _type: 'article', title: 'Old', views: 10, stock: 5, keep: 'yes', gone: 'bye', nested: { a: 1, b: 2 } })
    const doc = await admin
      .patch('p-ops')
      .set({ title: 'New', 'meta.seo.title': 'Deep' })
      .setIfMissing({ keep: 'no', added: 'default' })
      .unset(['gone', 'nested.b'])
      .inc({ views: 3 })
      .dec({ stock: 2 })
      .commit()
    expect(doc).toMatchObject({ title: 'New', meta: { seo: { title: 'Deep' } }, keep: 'yes', added: 'default', views: 13, stock: 3, nested: { a: 1 } })
    expect(doc).not.toHaveProperty('gone')
    expect(doc.nested).not.toHaveProperty('b')
    expect(await stored('p-ops')).toEqual(doc)
  })

  it('insert: append, prepend and insert after a _key selector', async () => {
    await admin.create({
      _id: 'p-arrays',
      _type: 'article',
      tags: ['b'],
      body: [
        { _key: 'k1', _type: 'block', text: 'one' },
        { _key: 'k3', _type: 'block', text: 'three' },
      ],
    })
    await admin.patch('p-arrays').append('tags', ['c', 'd']).commit()
    await admin.patch('p-arrays').prepend('tags', ['a']).commit()
    const doc = await admin.patch('p-arrays').insert('after', 'body[_key=="k1"]', [{ _key: 'k2', _type: 'block', text: 'two' }]).commit()
    expect(doc.tags).toEqual(['a', 'b', 'c', 'd'])
    expect(doc.body.map((b: { _key: string }) => b._key)).toEqual(['k1', 'k2', 'k3'])
    const before = await admin.patch('p-arrays').insert('before', 'body[_key=="k1"]', [{ _key: 'k0', _type: 'block', text: 'zero' }]).commit()
    expect(before.body.map((b: { _key: string }) => b._key)).toEqual(['k0', 'k1', 'k2', 'k3'])
  })

  it('append to a missing array creates it', async () => {
    await admin.create({ _id: 'p-new-array', _type: 'article' })
    const doc = await admin.patch('p-new-array').append('tags', ['first']).commit()
    expect(doc.tags).toEqual(['first'])
  })

  it('insert replace on a slice (and splice) replaces those members', async () => {
    await admin.create({ _id: 'p-slice', _type: 'article', letters: ['a', 'b', 'c', 'd', 'e'] })
    const replaced = await admin.patch('p-slice').insert('replace', 'letters[1:3]', ['X']).commit()
    expect(replaced.letters).toEqual(['a', 'X', 'd', 'e'])
    const spliced = await admin.patch('p-slice').splice('letters', 2, 1, ['Y', 'Z']).commit()
    expect(spliced.letters).toEqual(['a', 'X', 'Y', 'Z', 'e'])
    const single = await admin.patch('p-slice').insert('replace', 'letters[0]', ['A']).commit()
    expect(single.letters).toEqual(['A', 'X', 'Y', 'Z', 'e'])
  })

  it('nested keyed paths: set body[_key=="k"].text and unset a keyed member', async () => {
    await admin.create({
      _id: 'p-nested',
      _type: 'article',
      body: [
        { _key: 'k', _type: 'block', text: 'before' },
        { _key: 'other', _type: 'block', text: 'untouched' },
      ],
    })
    const doc = await admin.patch('p-nested').set({ 'body[_key=="k"].text': 'after' }).commit()
    expect(doc.body).toEqual([
      { _key: 'k', _type: 'block', text: 'after' },
      { _key: 'other', _type: 'block', text: 'untouched' },
    ])
    const removed = await admin.patch('p-nested').unset(['body[_key=="other"]']).commit()
    expect(removed.body).toEqual([{ _key: 'k', _type: 'block', text: 'after' }])
  })

  it('patch by query with params patches every match and nothing else', async () => {
    await admin
      .transaction()
      .create({ _id: 'q-1', _type: 'counter', group: 'g', n: 1 })
      .create({ _id: 'q-2', _type: 'counter', group: 'g', n: 5 })
      .create({ _id: 'q-3', _type: 'counter', group: 'h', n: 0 })
      .commit()
    const docs = await admin.patch({ query: '*[_type == "counter" && group == $group]', params: { group: 'g' } }).inc({ n: 10 }).commit()
    expect(docs.map((d: { _id: string }) => d._id).sort()).toEqual(['q-1', 'q-2'])
    expect(await admin.fetch('*[_type == "counter"] | order(_id asc){_id, n}')).toEqual([
      { _id: 'q-1', n: 11 },
      { _id: 'q-2', n: 15 },
      { _id: 'q-3', n: 0 },
    ])
  })

  it('patch by a list of ids', async () => {
    const res = await admin.patch(['q-1', 'q-3']).set({ listed: true }).commit()
    expect(res.map((d: { _id: string }) => d._id).sort()).toEqual(['q-1', 'q-3'])
    expect(await admin.fetch('*[_type == "counter" && listed]._id | order(@ asc)')).toEqual(['q-1', 'q-3'])
  })

  it('diffMatchPatch applies a diff-match-patch text patch to a string', async () => {
    await admin.create({ _id: 'p-dmp', _type: 'article', body: 'hello world' })
    const doc = await admin.patch('p-dmp').diffMatchPatch({ body: '@@ -1,11 +1,15 @@\n hello \n+big \n world\n' }).commit()
    expect(doc.body).toBe('hello big world')
  })

  it('patching a missing id fails with 404 documentNotFoundError', async () => {
    const error = await rejection(admin.patch('no-such-doc').set({ a: 1 }).commit())
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(404)
    expect(error.details.items[0].error.type).toBe('documentNotFoundError')
    expect(error.details.items[0].error.id).toBe('no-such-doc')
    expect(error.message).toMatch(/no-such-doc/)
  })

  it('ifRevisionID that matches is applied; a stale one fails with 409 documentRevisionIDDoesNotMatchError', async () => {
    const created = await admin.create({ _id: 'p-rev', _type: 'article', v: 1 })
    const updated = await admin.patch('p-rev').ifRevisionId(created._rev).set({ v: 2 }).commit()
    expect(updated.v).toBe(2)

    const error = await rejection(admin.patch('p-rev').ifRevisionId(created._rev).set({ v: 3 }).commit())
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(409)
    expect(error.details.type).toBe('mutationError')
    const item = error.details.items[0].error
    expect(item.type).toBe('documentRevisionIDDoesNotMatchError')
    expect(item.currentRevisionID).toBe(updated._rev)
    expect(item.expectedRevisionID).toBe(created._rev)
    expect((await stored('p-rev'))?.v).toBe(2)
  })

  it('a patch that would remove _type or set _id is refused with a 4xx and changes nothing', async () => {
    await admin.create({ _id: 'p-guard', _type: 'article', v: 1 })
    const unsetType = await rejection(admin.patch('p-guard').unset(['_type']).commit())
    expect(unsetType).toBeInstanceOf(ClientError)
    const setId = await rejection(admin.patch('p-guard').set({ _id: 'elsewhere' }).commit())
    expect(setId).toBeInstanceOf(ClientError)
    expect(await stored('p-guard')).toMatchObject({ _id: 'p-guard', _type: 'article', v: 1 })
    expect(await stored('elsewhere')).toBeUndefined()
  })

  it('serialises concurrent increments: 20 parallel inc(1) give +20', async () => {
    await admin.create({ _id: 'p-count', _type: 'counter', n: 0 })
    await Promise.all(Array.from({ length: 20 }, () => admin.patch('p-count').inc({ n: 1 }).commit()))
    expect((await stored('p-count'))?.n).toBe(20)
  })
})

describe('transactions and response shapes', () => {
  it('are atomic: a failing patch after a create leaves the create unstored', async () => {
    const error = await rejection(
      admin
        .transaction()
        .create({ _id: 'tx-first', _type: 'note' })
        .patch('tx-missing', (p) => p.set({ a: 1 }))
        .commit(),
    )
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(404)
    expect(error.details.items[0].index).toBe(1)
    expect(await stored('tx-first')).toBeUndefined()
  })

  it('apply mutations in order: a later mutation sees an earlier one', async () => {
    const res = await admin
      .transaction()
      .create({ _id: 'tx-seq', _type: 'note', n: 1 })
      .patch('tx-seq', (p) => p.inc({ n: 1 }))
      .patch('tx-seq', (p) => p.inc({ n: 1 }))
      .commit()
    expect(res.results.map((r) => r.operation)).toEqual(['create', 'update', 'update'])
    expect((await stored('tx-seq'))?.n).toBe(3)
  })

  it('transaction().commit() omits returnDocuments and gets results without documents', async () => {
    const before = requests.length
    const res = await admin.transaction().create({ _id: 'tx-shape', _type: 'note' }).createOrReplace({ _id: 'tx-shape-2', _type: 'note' }).commit()
    expect(typeof res.transactionId).toBe('string')
    expect(res.documentIds).toEqual(['tx-shape', 'tx-shape-2'])
    expect(res.results).toEqual([
      { id: 'tx-shape', operation: 'create' },
      { id: 'tx-shape-2', operation: 'create' },
    ])
    const sent = requests.slice(before).find((r) => r.url.includes('/data/mutate/'))
    expect(new URL(sent!.url, service.url).searchParams.has('returnDocuments')).toBe(false)
  })

  it('mutate() with returnDocuments: true resolves the documents; without, results carry them', async () => {
    const docs = await admin.mutate([{ create: { _id: 'rd-1', _type: 'note', n: 1 } }, { create: { _id: 'rd-2', _type: 'note', n: 2 } }], { returnDocuments: true, returnFirst: false })
    expect(docs).toHaveLength(2)
    expect(docs.map((d) => [d._id, d.n])).toEqual([
      ['rd-1', 1],
      ['rd-2', 2],
    ])
    expect(docs[0]!._rev).toBe(docs[1]!._rev)

    const res = await mutate([{ patch: { id: 'rd-1', set: { n: 10 } } }])
    expect(res.results[0]).toMatchObject({ id: 'rd-1', operation: 'update' })
    expect((res.results[0] as { document?: { n: number } }).document?.n).toBe(10)
  })

  it('the raw response is {transactionId, results:[{id, operation, document?}]}', async () => {
    const token = await service.adminToken()
    const post = (qs: string) =>
      raw(`${service.url}/v2023-05-03/data/mutate/production?returnIds=true${qs}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ mutations: [{ createOrReplace: { _id: 'raw-shape', _type: 'note' } }] }),
      })
    const without = await post('')
    expect(without.status).toBe(200)
    expect(Object.keys(without.json).sort()).toEqual(['results', 'transactionId'])
    expect(without.json.results).toEqual([{ id: 'raw-shape', operation: expect.any(String) }])
    const withDocs = await post('&returnDocuments=true')
    expect(withDocs.json.results[0].document).toMatchObject({ _id: 'raw-shape', _type: 'note', _rev: withDocs.json.transactionId })
  })

  it('dryRun: true returns the results but stores nothing', async () => {
    const doc = await admin.create({ _id: 'dry', _type: 'note', text: 'not stored' }, { dryRun: true })
    expect(doc).toMatchObject({ _id: 'dry', text: 'not stored' })
    expect(await stored('dry')).toBeUndefined()

    await admin.create({ _id: 'dry-existing', _type: 'note', n: 1 })
    const res = await mutate([{ patch: { id: 'dry-existing', inc: { n: 100 } } }, { delete: { id: 'dry-existing' } }], { dryRun: true })
    expect(res.results.map((r) => r.operation)).toEqual(['update', 'delete'])
    expect((await stored('dry-existing'))?.n).toBe(1)
  })

  it('dryRun still reports failures', async () => {
    const error = await rejection(admin.patch('dry-missing').set({ a: 1 }).commit({ dryRun: true }))
    expect(error.statusCode).toBe(404)
  })

  it('visibility async and deferred are accepted', async () => {
    const a = await admin.create({ _id: 'vis-async', _type: 'note' }, { visibility: 'async' })
    expect(a._id).toBe('vis-async')
    const d = await admin.create({ _id: 'vis-deferred', _type: 'note' }, { visibility: 'deferred' })
    expect(d._id).toBe('vis-deferred')
    expect(await stored('vis-async')).toBeDefined()
  })

  it('_rev changes on every write and equals the id of the transaction that wrote it', async () => {
    const created = await mutate([{ create: { _id: 'rev-doc', _type: 'note', n: 0 } }])
    const r1 = (await stored('rev-doc'))!._rev
    expect(r1).toBe(created.transactionId)
    const patched = await mutate([{ patch: { id: 'rev-doc', inc: { n: 1 } } }])
    const r2 = (await stored('rev-doc'))!._rev
    expect(r2).toBe(patched.transactionId)
    expect(r2).not.toBe(r1)
    const replaced = await admin.transaction().createOrReplace({ _id: 'rev-doc', _type: 'note', n: 5 }).commit()
    const r3 = (await stored('rev-doc'))!._rev
    expect(r3).toBe(replaced.transactionId)
    expect(new Set([r1, r2, r3]).size).toBe(3)
  })

  it('uses a client-chosen transactionId and refuses to reuse it', async () => {
    const res = await admin.transaction().create({ _id: 'tx-named', _type: 'note' }).commit({ transactionId: 'my-transaction-1' })
    expect(res.transactionId).toBe('my-transaction-1')
    expect((await stored('tx-named'))?._rev).toBe('my-transaction-1')
    const error = await rejection(admin.transaction().create({ _id: 'tx-named-2', _type: 'note' }).commit({ transactionId: 'my-transaction-1' }))
    expect(error).toBeInstanceOf(ClientError)
    expect(error.statusCode).toBe(409)
    expect(await stored('tx-named-2')).toBeUndefined()
  })
})
