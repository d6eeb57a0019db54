// The service refuses to give one article slug to two articles, from any writer, and lets a draft
// and its published article share theirs.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../errors.ts'
import { Store } from './store.ts'

const cleanup: Array<() => void> = []
afterEach(() => {
  for (const done of cleanup.splice(0)) done()
})

function open(): Store {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-slugs-'))
  const store = new Store(dir)
  cleanup.push(() => {
    store.close()
    rmSync(dir, { recursive: true, force: true })
  })
  store.createDataset('production')
  return store
}

const article = (id: string, slug: string) => ({ _id: id, _type: 'article', title: id, slug: { _type: 'slug', current: slug } })

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('The write was accepted')
}

describe('article slugs', () => {
  it('refuses a second article with a slug in use, naming the article that has it', async () => {
    const store = open()
    await store.commit('production', [{ create: article('a1', 'budget-day') }])
    const error = await refusal(store.commit('production', [{ create: article('a2', 'budget-day') }]))
    expect(error.status).toBe(409)
    expect(error.message).toContain('The slug "budget-day" is already used by another article ("a1")')
    expect(store.dataset('production').docs.has('a2')).toBe(false)
  })

  it('counts drafts: a draft holds its slug against other articles, and a dry run is refused too', async () => {
    const store = open()
    await store.commit('production', [{ create: article('drafts.a1', 'embargoed') }])
    expect((await refusal(store.commit('production', [{ create: article('a2', 'embargoed') }], { dryRun: true }))).status).toBe(409)
    expect((await refusal(store.commit('production', [{ patch: { id: 'drafts.a1', set: { title: 'x' } } }, { createOrReplace: article('drafts.a3', 'embargoed') }]))).status).toBe(409)
  })

  it('lets a draft and its published article share a slug, and frees a slug when its article is deleted or renamed', async () => {
    const store = open()
    await store.commit('production', [{ create: article('a1', 'one') }, { create: article('drafts.a1', 'one') }])
    await store.commit('production', [{ delete: { id: 'drafts.a1' } }, { patch: { id: 'a1', set: { 'slug.current': 'one-renamed' } } }])
    await store.commit('production', [{ create: article('a2', 'one') }])
    await store.commit('production', [{ delete: { id: 'a2' } }, { create: article('a3', 'one') }])
    expect(store.dataset('production').docs.get('a3')).toMatchObject({ slug: { current: 'one' } })
  })

  it('refuses two new articles with one slug in a single transaction, and ignores other document types', async () => {
    const store = open()
    expect((await refusal(store.commit('production', [{ create: article('a1', 'twin') }, { create: article('a2', 'twin') }]))).status).toBe(409)
    await store.commit('production', [{ create: { _id: 'c1', _type: 'category', slug: { current: 'twin' } } }, { create: article('a1', 'twin') }])
  })
})
