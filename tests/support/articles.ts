// Articles for the homepage's browser tests: the fewest fields a published story needs to appear in
// a section, dated minutes before now so the order of a dataset is the order of its ages.

export const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString()

/** A published story `id`, `minutes` old, with the section flags given. */
export function testArticle(id: string, minutes: number, flags: Record<string, unknown> = {}) {
  return {
    _id: id,
    _type: 'article',
    title: `Story ${id}`,
    slug: { _type: 'slug', current: id },
    publishedAt: minutesAgo(minutes),
    excerpt: `Excerpt of ${id}.`,
    ...flags,
  }
}
