import { describe, expect, it } from 'vitest'
import { adminAreaOf, adminAreas, draftWriterRoles, mayManagePeople, mayPublish, mayUseAdminArea, mayWriteDocument, roles } from './roles.ts'

describe('mayWriteDocument', () => {
  it('lets admins and editors write any document, published or draft, of any type', () => {
    for (const role of ['admin', 'editor'] as const) {
      expect(mayWriteDocument(role, 'a1', 'article')).toBe(true)
      expect(mayWriteDocument(role, 'drafts.a1', 'article')).toBe(true)
      expect(mayWriteDocument(role, 'author-1', 'author')).toBe(true)
      expect(mayWriteDocument(role, 'versions.r1.a1', 'article')).toBe(true)
    }
  })

  it('lets a contributor write only drafts of articles', () => {
    expect(mayWriteDocument('contributor', 'drafts.a1', 'article')).toBe(true)
    // A delete of a draft that is not there names no type.
    expect(mayWriteDocument('contributor', 'drafts.a1', null)).toBe(true)
  })

  it('refuses a contributor published documents, versions, other paths and every other type', () => {
    expect(mayWriteDocument('contributor', 'a1', 'article')).toBe(false)
    expect(mayWriteDocument('contributor', 'a1', null)).toBe(false)
    expect(mayWriteDocument('contributor', 'versions.r1.a1', 'article')).toBe(false)
    expect(mayWriteDocument('contributor', 'drafts.a1.extra', 'article')).toBe(false)
    expect(mayWriteDocument('contributor', 'drafts.', 'article')).toBe(false)
    expect(mayWriteDocument('contributor', 'drafts.author-1', 'author')).toBe(false)
    expect(mayWriteDocument('contributor', 'drafts.category-1', 'category')).toBe(false)
    expect(mayWriteDocument('contributor', 'drafts.x', 'sanity.imageAsset')).toBe(false)
  })

  it('refuses a viewer everything', () => {
    expect(mayWriteDocument('viewer', 'drafts.a1', 'article')).toBe(false)
    expect(mayWriteDocument('viewer', 'a1', 'article')).toBe(false)
  })
})

describe('who may do what', () => {
  it('lets only admins and editors publish, and only admins manage people', () => {
    expect(roles.filter(mayPublish)).toEqual(['admin', 'editor'])
    expect(roles.filter(mayManagePeople)).toEqual(['admin'])
    expect(mayPublish(null)).toBe(false)
  })

  it('lets contributors into the admin area, and never a viewer', () => {
    expect(roles.filter((role) => draftWriterRoles.has(role))).toEqual(['admin', 'editor', 'contributor'])
  })
})

describe('admin areas', () => {
  it('finds the limited page an address belongs to, and none for the pages every admin role uses', () => {
    expect(adminAreaOf('/admin/inbox')).toBe('inbox')
    expect(adminAreaOf('/admin/inbox/')).toBe('inbox')
    expect(adminAreaOf('/admin/inbox/m-123')).toBe('inbox')
    expect(adminAreaOf('/admin/photo-essays/new')).toBe('photoEssays')
    expect(adminAreaOf('/admin/people')).toBe('people')
    for (const open of ['/admin', '/admin/dashboard', '/admin/articles', '/admin/articles/new', '/admin/articles/deleted', '/admin/edit/articles/x', '/admin/content/lead-story', '/admin/inboxes']) {
      expect(adminAreaOf(open), open).toBeNull()
    }
  })

  it('lets a contributor use none of them, an editor all but people and webhooks, an admin all', () => {
    const areas = Object.keys(adminAreas) as Array<keyof typeof adminAreas>
    expect(areas.filter((area) => mayUseAdminArea('contributor', area))).toEqual([])
    expect(areas.filter((area) => !mayUseAdminArea('editor', area))).toEqual(['people', 'webhooks'])
    expect(areas.filter((area) => !mayUseAdminArea('admin', area))).toEqual([])
    expect(areas.filter((area) => mayUseAdminArea(null, area))).toEqual([])
    expect(adminAreas.inbox.refusal).toBe('Your role cannot see the inbox.')
    expect(adminAreaOf('/admin/newsletters/new')).toBe('newsletters')
    expect(adminAreas.newsletters.refusal).toBe('Your role cannot see newsletters.')
  })
})
