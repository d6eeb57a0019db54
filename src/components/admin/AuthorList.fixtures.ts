// Authors and categories as their admin pages list them, for stories and tests.

import type { AuthorRow } from '../../content/admin/authors.ts'
import type { CategoryRow } from '../../content/admin/categories.ts'

const portrait = 'image-3f786850e387550fdab836ed7e6dc881de23001b-400x400-jpg'

export const authorRowsFixture: AuthorRow[] = [
  { id: 'a1', rev: 'r1', name: 'Priya Raman', slug: 'priya-raman', bio: 'Priya covers transport and the city’s night economy.', image: { assetRef: portrait, alt: 'Portrait of Priya Raman' }, storedImage: null },
  { id: 'a2', rev: 'r2', name: 'Tom Whitcombe', slug: 'tom-whitcombe', bio: '', image: null, storedImage: null },
]

export const manyAuthorRows: AuthorRow[] = Array.from({ length: 24 }, (_, i) => ({
  id: `a-${i}`,
  rev: 'r',
  name: `Correspondent ${i + 1}`,
  slug: `correspondent-${i + 1}`,
  bio: i % 3 === 0 ? 'Writes from the regions about housing, schools and the people who keep both running.' : '',
  image: null,
  storedImage: null,
}))

export const categoryRowsFixture: CategoryRow[] = [
  { id: 'c1', rev: 'r1', title: 'UK', slug: 'uk', kind: 'section', description: 'News from London and across the United Kingdom.' },
  { id: 'c2', rev: 'r2', title: 'Climate', slug: 'climate', kind: 'topic', description: '' },
  { id: 'c3', rev: 'r3', title: 'Podcasts', slug: 'podcasts', kind: 'desk', description: 'Listen to the newsroom.' },
]

export const manyCategoryRows: CategoryRow[] = Array.from({ length: 30 }, (_, i) => ({ id: `c-${i}`, rev: 'r', title: `Topic ${i + 1}`, slug: `topic-${i + 1}`, kind: 'topic', description: '' }))
