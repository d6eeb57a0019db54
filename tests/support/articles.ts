// Articles for the homepage's browser tests: the fewest fields a published story needs to appear in
// a section, dated minutes before now so the order of a dataset is the order of its ages.

import { authorId, categoryId } from '../../src/content/admin/articleForm/validArticle.fixtures.ts'

export const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString()

/** A published story `id`, `minutes` old, with the section flags given. */
export function testArticle(id: string, minutes: number, flags: Record<string, unknown> = {}) {
  return {
    _id: id,
    _type: 'article',
    title: `Story ${id}`,
    slug: { _type: 'slug', current: id.replace(/^drafts\./, '') },
    publishedAt: minutesAgo(minutes),
    excerpt: `Excerpt of ${id}.`,
    ...flags,
  }
}

/**
 * An article the admin's article form loads and saves as it is (`id` may be a draft's): the author
 * and category of the form's fixtures, and a body, `minutes` old, with the flags given.
 */
export function formArticle(id: string, title: string, minutes: number, flags: Record<string, boolean> = {}) {
  return {
    _id: id,
    _type: 'article',
    title,
    slug: { _type: 'slug', current: id.replace(/^drafts\./, '') },
    publishedAt: minutesAgo(minutes),
    author: { _type: 'reference', _ref: authorId },
    categories: [{ _type: 'reference', _ref: categoryId, _key: 'c' }],
    body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'Night buses run every twenty minutes.', marks: [] }] }],
    ...flags,
  }
}
