import { describe, expect, it } from 'vitest'
import type { Doc } from '../store/mutations.ts'
import { firesOnDrafts, inputProblems, newHookFrom, operationOf, payloadFor, queryProblem, type DocumentChange, type EvaluationContext, type HookRules } from './rules.ts'

const article = (over: Partial<Doc> = {}): Doc => ({ _id: 'a1', _type: 'article', _rev: 'r1', title: 'Budget day', author: { _ref: 'p1' }, ...over }) as Doc
const author = { _id: 'p1', _type: 'author', name: 'Sam Reed' } as unknown as Doc

const context: EvaluationContext = {
  projectId: 'resonance',
  dataset: 'production',
  lookup: (id) => (id === 'p1' ? author : undefined),
  all: () => [author],
  timestamp: new Date('2026-11-24T09:00:00Z'),
  identity: 'editor-1',
}

const rules = (over: Partial<HookRules> = {}): HookRules => ({ filter: '_type == "article"', projection: null, triggers: ['create', 'update', 'delete'], includeDrafts: false, ...over })
const created = (doc: Doc): DocumentChange => ({ id: doc._id, before: null, after: doc })
const updated = (before: Doc, after: Doc): DocumentChange => ({ id: after._id, before, after })
const deleted = (doc: Doc): DocumentChange => ({ id: doc._id, before: doc, after: null })

describe('operationOf', () => {
  it('names a change as Sanity does', () => {
    expect(operationOf(created(article()))).toBe('create')
    expect(operationOf(updated(article(), article({ title: 'x' })))).toBe('update')
    expect(operationOf(deleted(article()))).toBe('delete')
    expect(operationOf({ id: 'a1', before: null, after: null })).toBeNull()
  })
})

describe('payloadFor', () => {
  it('sends the whole document when the filter matches and there is no projection', async () => {
    const doc = article()
    expect(await payloadFor(rules(), created(doc), context)).toEqual({ operation: 'create', body: doc })
  })

  it('sends nothing when the filter does not match, or the operation is not a trigger', async () => {
    expect(await payloadFor(rules({ filter: '_type == "author"' }), created(article()), context)).toBeUndefined()
    expect(await payloadFor(rules({ triggers: ['update'] }), created(article()), context)).toBeUndefined()
    expect(await payloadFor(rules({ triggers: ['create', 'update'] }), deleted(article()), context)).toBeUndefined()
  })

  it('matches every document with an empty filter', async () => {
    expect((await payloadFor(rules({ filter: '' }), created(author), context))?.operation).toBe('create')
  })

  it('evaluates a delete against the document as it was', async () => {
    const result = await payloadFor(rules({ filter: 'title == "Budget day"', projection: '{_id, title}' }), deleted(article()), context)
    expect(result).toEqual({ operation: 'delete', body: { _id: 'a1', title: 'Budget day' } })
  })

  it('evaluates the projection with references, delta functions and the project', async () => {
    const result = await payloadFor(
      rules({ projection: '{_id, "author": author->name, "was": before().title, "op": delta::operation(), "project": sanity::projectId(), "dataset": sanity::dataset()}' }),
      updated(article({ title: 'Draft title' }), article()),
      context,
    )
    expect(result?.body).toEqual({ _id: 'a1', author: 'Sam Reed', was: 'Draft title', op: 'update', project: 'resonance', dataset: 'production' })
  })

  it('filters on what changed with delta::changedAny', async () => {
    const filter = '_type == "article" && delta::changedAny(title)'
    expect(await payloadFor(rules({ filter }), updated(article(), article({ summary: 'new' })), context)).toBeUndefined()
    expect(await payloadFor(rules({ filter }), updated(article(), article({ title: 'Budget night' })), context)).toBeDefined()
  })

  it('reads the dataset when the projection asks for it', async () => {
    const result = await payloadFor(rules({ projection: '{"authors": count(*[_type == "author"])}' }), created(article()), context)
    expect(result?.body).toEqual({ authors: 1 })
  })

  it('leaves drafts and release versions out unless the hook asks for them or its filter names them', async () => {
    const draft = article({ _id: 'drafts.a1' })
    const version = article({ _id: 'versions.r1.a1' })
    expect(await payloadFor(rules(), created(draft), context)).toBeUndefined()
    expect(await payloadFor(rules(), created(version), context)).toBeUndefined()
    expect((await payloadFor(rules({ includeDrafts: true }), created(draft), context))?.operation).toBe('create')
    expect((await payloadFor(rules({ filter: '_id in path("drafts.**")' }), created(draft), context))?.operation).toBe('create')
    expect(firesOnDrafts({ filter: '_type == "article"', includeDrafts: false })).toBe(false)
  })

  it('sends null for a projection that finds nothing', async () => {
    expect((await payloadFor(rules({ projection: 'missing' }), created(article()), context))?.body).toBeNull()
  })
})

describe('checking what an admin typed', () => {
  const input = { name: '', url: 'https://cache.example/purge', dataset: 'production', filter: '_type == "article"', projection: '', triggers: ['create' as const], includeDrafts: false, secret: 's3cret' }

  it('accepts a good hook, named after its host when unnamed, with triggers in Sanity order', () => {
    expect(inputProblems(input)).toEqual({})
    const checked = newHookFrom({ ...input, triggers: ['delete', 'create'] })
    expect(checked).toEqual({ hook: { ...input, name: 'cache.example', projection: null, triggers: ['create', 'delete'] } })
  })

  it('words each problem at its field', () => {
    const problems = inputProblems({ ...input, url: 'ftp://files.example/x', filter: '_type ==', projection: '{_id', triggers: [], secret: '', dataset: 'Bad Name' })
    expect(problems.url).toBe('The URL must start with http:// or https://.')
    expect(problems.filter).toMatch(/^The filter is not valid GROQ: /)
    expect(problems.projection).toMatch(/^The projection is not valid GROQ: /)
    expect(problems.triggers).toBe('Choose at least one of create, update and delete.')
    expect(problems.secret).toBe('Enter a secret: each delivery is signed with it.')
    expect(problems.dataset).toMatch(/dataset name/)
    expect(inputProblems({ ...input, url: 'not a url' }).url).toBe('Enter a full URL, such as https://example.com/hooks/publish.')
  })

  it('accepts delta functions in a filter', () => {
    expect(queryProblem('delta::changedAny(title) && before().title != after().title', 'filter')).toBeNull()
  })
})
