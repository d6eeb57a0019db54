// Rows of the admin's article list, for its stories and tests.

import type { AdminArticleRow, FilterOption } from '../../content/admin/articleList.ts'
import { longTitle } from './AdminDashboard.fixtures.ts'

export const articleRows: AdminArticleRow[] = [
  {
    id: 'bridge', title: 'London Bridge reopens after repairs', slug: 'bridge', author: 'Priya Raman', categories: ['UK', 'News'],
    createdAt: '2026-11-21T06:15:00Z', publishedAt: '2026-11-21T07:00:00Z', hasPublished: true, hasDraft: false,
  },
  {
    id: 'barrier', title: 'Thames Barrier closes as surge tide rises', slug: 'barrier', author: 'Leila Haddad', categories: ['UK'],
    createdAt: '2026-11-20T09:30:00Z', publishedAt: '2026-11-20T10:00:00Z', hasPublished: true, hasDraft: true,
  },
  {
    id: 'results', title: 'Weekend sport results', slug: 'results', author: null, categories: [],
    createdAt: '2026-11-19T18:45:00Z', publishedAt: null, hasPublished: false, hasDraft: true,
  },
  {
    id: 'long', title: longTitle, slug: 'long', author: 'Hannah Clarke', categories: ['News & Politics', 'UK', 'News'],
    createdAt: '2026-11-18T08:00:00Z', publishedAt: '2026-11-18T08:05:00Z', hasPublished: true, hasDraft: false,
  },
]

export const categoryOptions: FilterOption[] = [
  { id: 'cat-business', name: 'Business & Money' },
  { id: 'cat-sport', name: 'Sport' },
  { id: 'cat-uk', name: 'UK' },
]

export const authorOptions: FilterOption[] = [
  { id: 'au-hannah', name: 'Hannah Clarke' },
  { id: 'au-leila', name: 'Leila Haddad' },
  { id: 'au-priya', name: 'Priya Raman' },
]
