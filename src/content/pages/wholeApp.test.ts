import { describe, expect, it } from 'vitest'
import { needsWholeApp } from './wholeApp.ts'

const page = (...routeIds: string[]) => ['__root__', ...routeIds].map((routeId) => ({ routeId }))

describe('needsWholeApp', () => {
  it('sends the homepage, an article, a section, a listing and the site-wide 404 as documents', () => {
    expect(needsWholeApp(page('/'), {}, 200)).toBe(false)
    expect(needsWholeApp(page('/article/$slug'), {}, 200)).toBe(false)
    expect(needsWholeApp(page('/$section'), {}, 200)).toBe(false)
    expect(needsWholeApp(page('/archive'), { page: 2 }, 200)).toBe(false)
    expect(needsWholeApp(page(), {}, 404)).toBe(false)
  })

  it('sends search and the pages with reader forms as documents: each form is an island', () => {
    for (const route of ['/search', '/about', '/contact', '/subscribe', '/newsletters']) expect(needsWholeApp(page(route), {}, 200)).toBe(false)
  })

  it("hands an editor's preview to the whole app: ?preview, or an article that is not found for readers", () => {
    expect(needsWholeApp(page('/article/$slug'), { preview: '' }, 200)).toBe(true)
    expect(needsWholeApp(page('/article/$slug'), {}, 404)).toBe(true)
    expect(needsWholeApp(page('/$section'), {}, 404)).toBe(false)
  })

  it('hands a page that failed to the whole app, whose error view can try again', () => {
    expect(needsWholeApp(page('/$section'), {}, 500)).toBe(true)
  })
})
