import { describe, expect, it } from 'vitest'
import { isReservedSlug } from '../shared/paths.ts'
import type { RouterContext } from './content/clients/source.ts'
import { createAppRouter } from './router.ts'

// The route table is the one list of the site's fixed addresses: a category or author slug may not
// take one (shared/paths.ts). This holds that list to the router's own routes, so a new top-level
// page that is not reserved fails here rather than being shadowed by a section one day.
describe('the reserved slugs', () => {
  const router = createAppRouter({} as RouterContext)
  const firstSegments = [...new Set(Object.keys(router.routesByPath).map((path) => path.split('/')[1] ?? ''))]
  const fixed = firstSegments.filter((segment) => segment !== '' && !segment.startsWith('$'))

  it('include the first segment of every route in the route table', () => {
    expect(fixed).toEqual(expect.arrayContaining(['about', 'search', 'admin', 'article', 'author', 'topic', 'photo-essays', 'trending']))
    expect(fixed.filter((segment) => !isReservedSlug(segment))).toEqual([])
  })
})
