// The article form's tests share one valid article and its people, so each test file states only
// what it changes from a form that would save.

import { portableTextToEditor } from '../../article/portableText.ts'
import type { BodyNode } from '../../../../shared/schema.ts'
import { emptyArticleValues, type ArticleFormValues } from './values.ts'

export const authorId = '6f1c2b9e-4a8d-4c1e-9b7a-2d3e4f5a6b7c'
export const categoryId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'
export const otherCategoryId = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b'

export const body: BodyNode[] = [
  { _type: 'block', _key: 'h', style: 'h2', markDefs: [], children: [{ _type: 'span', _key: 's1', text: 'What changes', marks: [] }] },
  { _type: 'block', _key: 'p', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's2', text: 'Night buses run every twenty minutes.', marks: ['strong'] }] },
]

/** A body with its spans' keys left out: the editor has no place for them, so a save makes new ones. */
export const withoutSpanKeys = (nodes: unknown) =>
  (nodes as BodyNode[]).map((node) => (node._type === 'block' ? { ...node, children: node.children.map(({ _key, ...span }) => span) } : node))

export function counter(prefix = 'k'): () => string {
  let n = 0
  return () => `${prefix}${++n}`
}

export function validValues(overrides: Partial<ArticleFormValues> = {}): ArticleFormValues {
  return {
    ...emptyArticleValues(),
    title: 'Night buses return',
    slug: 'night-buses-return',
    content: portableTextToEditor(body),
    author_id: authorId,
    category_ids: [categoryId],
    ...overrides,
  }
}
