// The pair keys (server/groq/pairs.ts) must always hold what groq-js gives for each condition over
// the raw perspective's documents, whatever sequence of writes made them: a draft created,
// published, discarded or deleted changes its other half's keys in the same commit.

import fc from 'fast-check'
import { parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { pairConditions } from '../../shared/draftOverlay.ts'
import { compositeFields, pairFields, pairTypes, tupleKey } from '../groq/pairs.ts'
import { groqAnswer, storeForTests } from '../query/groqOracle.testing.ts'
import { buildView } from '../query/views.ts'
import { sortKey } from './documentColumns.ts'
import type { Doc } from './mutations.ts'

const testStore = storeForTests('pairs')

// Ids whose drafts, published ids and odd shapes meet: "drafts.adrafts.b" is a draft of "a" to
// string::split, "drafts.drafts.a" a draft of "" (no document).
const ids = ['a', 'b', 'drafts.a', 'drafts.b', 'drafts.adrafts.b', 'drafts.drafts.a', 'versions.r1.a', 'x.y']
const write = fc.record({
  id: fc.constantFrom(...ids),
  delete: fc.boolean(),
  _type: fc.constantFrom('article', 'article', 'imageGallery', 'post'),
  isLeadStory: fc.constantFrom(true, false, 'true', undefined),
  isFeatured: fc.constantFrom(true, undefined),
  publishedAt: fc.constantFrom('2026-01-01T00:00:00Z', undefined),
  title: fc.constantFrom('Storm', 'Ähnlich', 'storm', undefined, 3),
})

/** A key's expression: a condition of the draft overlay by its name, or a value by its own text (`lower(title)`). */
const expressionOf = (name: string): string => pairConditions[name] ?? name

async function expected(docs: Doc[], id: string, name: string): Promise<unknown> {
  // The document itself, whatever its id; the references it follows, as the raw perspective finds them.
  const view = buildView(new Map(docs.map((d) => [d._id, d])), 'raw', { anonymous: false })
  return groqAnswer(parse(`*[_id == $id][0]{"v": (${expressionOf(name)})}.v`, { params: { id } }), docs, { id }, view.byId)
}

describe('pair keys', () => {
  it('hold each condition’s value over the raw perspective after any sequence of writes', async () => {
    let round = 0
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(write, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }), async (commits) => {
        const name = `p${++round}`
        const { store, db } = testStore
        store.createDataset(name)
        for (const commit of commits) {
          // One write to an id a commit: the last one wins.
          const last = new Map(commit.map((w) => [w.id, w]))
          const mutations = [...last.values()].map((w) =>
            w.delete ? { delete: { id: w.id } } : { createOrReplace: Object.fromEntries(Object.entries({ _id: w.id, _type: w._type, isLeadStory: w.isLeadStory, isFeatured: w.isFeatured, publishedAt: w.publishedAt, title: w.title }).filter(([, v]) => v !== undefined)) as Doc },
          )
          await store.commit(name, mutations)
          const docs = [...store.dataset(name).docs.values()]
          const stored = db.prepare("SELECT id, field, key FROM document_keys WHERE dataset = ? AND field >= 'pair:' AND field < 'pair;' ORDER BY id, field").all(name) as Array<{ id: string; field: string; key: Buffer }>
          const want: Array<{ id: string; field: string; key: Buffer }> = []
          for (const doc of docs.filter((d) => pairTypes.has(d._type)).sort((x, y) => (x._id < y._id ? -1 : x._id > y._id ? 1 : 0))) {
            for (const field of pairFields) want.push({ id: doc._id, field: field.name, key: sortKey(await expected(docs, doc._id, field.name.slice('pair:'.length))) })
            for (const field of compositeFields) {
              const terms = field.name.slice('pair:'.length).split(',')
              want.push({ id: doc._id, field: field.name, key: tupleKey(await Promise.all(terms.map((term) => expected(docs, doc._id, term)))) })
            }
          }
          want.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : x.field < y.field ? -1 : x.field > y.field ? 1 : 0))
          expect(stored.map((r) => `${r.id} ${r.field} ${r.key.toString('hex')}`)).toEqual(want.map((r) => `${r.id} ${r.field} ${r.key.toString('hex')}`))
        }
      }),
      { numRuns: 120 },
    )
  }, 120_000)
})
