// The newsroom's authors and categories as the article form's choices, for its stories and tests.

import type { Option } from '../../content/admin/articleForm/values.ts'

export const formAuthors: Option[] = [
  { id: '6f1c2b9e-4a8d-4c1e-9b7a-2d3e4f5a6b7c', name: 'Priya Raman' },
  { id: '7a2d3c0f-5b9e-4d2f-8c8b-3e4f5a6b7c8d', name: 'Tom Whitcombe' },
]

/** In the service's order, which the form keeps: not alphabetical. */
export const formCategories: Option[] = [
  { id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'UK' },
  { id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', name: 'Business & Money' },
]
