import { describe, expect, it } from 'vitest'
import { adminDateTime, displayTitle, publicationStatus } from './display.ts'
import { statusLabel } from './newsroom.fixtures.ts'

describe('publication status', () => {
  it('is Published, Published (edited) or Draft', () => {
    expect(publicationStatus({ hasPublished: true, hasDraft: false })).toBe('published')
    expect(publicationStatus({ hasPublished: true, hasDraft: true })).toBe('edited')
    expect(publicationStatus({ hasPublished: false, hasDraft: true })).toBe('draft')
    expect(statusLabel({ hasPublished: true, hasDraft: false })).toBe('Published')
    expect(statusLabel({ hasPublished: true, hasDraft: true })).toBe('Published (edited)')
    expect(statusLabel({ hasPublished: false, hasDraft: true })).toBe('Draft')
  })

  it('names untitled drafts and writes dates to the minute', () => {
    expect(displayTitle('  ')).toBe('Untitled')
    expect(displayTitle(null)).toBe('Untitled')
    expect(displayTitle(' A title ')).toBe('A title')
    expect(adminDateTime('2024-01-02T09:05:00')).toBe('2 Jan 2024, 09:05')
    expect(adminDateTime('not a date')).toBeNull()
    expect(adminDateTime(null)).toBeNull()
  })
})
