// A small newsroom for the admin's list queries: published articles, a published article with
// unpublished changes, a draft that was never published, a release version (ignored), galleries,
// and enough filler to need two pages. Shared by the tests of every query that lists articles,
// whether groq-js answers them or a running content service does.

import { evaluate, parse } from 'groq-js'
import { afterAll, beforeAll } from 'vitest'
import { startTestService, type TestService } from '../../../tests/support/service.ts'
import { publicationStatus, statusLabels } from './display.ts'

const ref = (id: string) => ({ _type: 'reference', _ref: id })
const cats = (...ids: string[]) => ids.map((id, i) => ({ ...ref(id), _key: `k${i}` }))

export const dataset = [
  { _id: 'cat-uk', _type: 'category', title: 'UK' },
  { _id: 'cat-sport', _type: 'category', title: 'Sport' },
  { _id: 'drafts.cat-new', _type: 'category', title: 'Unpublished category' },
  { _id: 'au-priya', _type: 'author', name: 'Priya Raman' },
  { _id: 'au-tom', _type: 'author', name: 'Tom Whitcombe' },
  {
    _id: 'bridge', _type: 'article', title: 'London Bridge reopens after repairs', slug: { current: 'bridge' },
    author: ref('au-priya'), categories: cats('cat-uk'), _createdAt: '2024-01-01T09:00:00Z', publishedAt: '2024-01-02T09:00:00Z', isLeadStory: true,
  },
  {
    _id: 'barrier', _type: 'article', title: 'Thames Barrier closes', slug: { current: 'barrier' },
    author: ref('au-priya'), categories: cats('cat-uk'), _createdAt: '2024-01-03T09:00:00Z', publishedAt: '2024-01-03T10:00:00Z', isLatestUpdate: true,
  },
  {
    _id: 'drafts.barrier', _type: 'article', title: 'Thames Barrier closes as surge tide rises', slug: { current: 'barrier' },
    author: ref('au-priya'), categories: cats('cat-uk'), _createdAt: '2024-03-01T09:00:00Z', publishedAt: '2024-01-03T10:00:00Z', isLatestUpdate: true, isFeatured: true,
  },
  {
    _id: 'drafts.results', _type: 'article', title: 'Weekend sport results', slug: { current: 'results' },
    author: ref('au-tom'), categories: cats('cat-sport'), _createdAt: '2024-02-01T09:00:00Z', isFeatured: true, readCount: 900, readsLastDay: 900,
  },
  {
    _id: 'arsenal', _type: 'article', title: 'arsenal win at the Emirates', slug: { current: 'arsenal' },
    author: ref('au-tom'), categories: cats('cat-sport', 'cat-uk'), _createdAt: '2024-01-05T09:00:00Z', publishedAt: '2024-01-01T09:00:00Z',
    readCount: 500, readsLastDay: 500, mediaType: 'video', isLatestUpdate: true,
  },
  { _id: 'versions.r1.bridge', _type: 'article', title: 'Release version of the bridge story', _createdAt: '2024-05-01T09:00:00Z' },
  { _id: 'gallery-dawn', _type: 'imageGallery', title: 'Dawn on the Thames', categories: cats('cat-uk'), publishedAt: '2024-01-04T09:00:00Z', _createdAt: '2024-01-04T09:00:00Z' },
  { _id: 'drafts.gallery-dusk', _type: 'imageGallery', title: 'Dusk in Deptford', _createdAt: '2024-01-06T09:00:00Z' },
  ...Array.from({ length: 26 }, (_, i) => ({
    _id: `filler-${String(i + 1).padStart(2, '0')}`, _type: 'article', title: `Filler story ${i + 1}`, slug: { current: `filler-${i + 1}` },
    categories: cats('cat-uk'), _createdAt: `2023-06-${String(i + 1).padStart(2, '0')}T09:00:00Z`, publishedAt: `2023-06-${String(i + 1).padStart(2, '0')}T10:00:00Z`,
    readCount: 101 + i, readsLastDay: 101 + i,
  })),
]

/** A query run by groq-js over the newsroom (or the documents given), as the service would answer it. */
export async function run<T>(query: string, params: Record<string, unknown> = {}, docs: unknown[] = dataset): Promise<T> {
  const value = await evaluate(parse(query, { params }), { dataset: docs, params })
  return (await value.get()) as T
}

export const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id)

/** The label a list shows beside an item, as the admin's tables and badges write it. */
export const statusLabel = (item: { hasPublished: boolean; hasDraft: boolean }) => statusLabels[publicationStatus(item)]

/**
 * A content service holding the newsroom, with an admin's token for it, for the tests of the
 * calling block: started before them and stopped after them.
 */
export function newsroomService(): { service: TestService; token: string } {
  const live = {} as { service: TestService; token: string }
  beforeAll(async () => {
    live.service = await startTestService()
    live.token = await live.service.adminToken()
    const tx = live.service.client({ token: live.token }).transaction()
    for (const doc of dataset) tx.createOrReplace(doc as { _id: string; _type: string })
    await tx.commit()
  })
  afterAll(async () => {
    await live.service?.stop()
  })
  return live
}
