import { describe, expect, it } from 'vitest'
import { dashboardDeleteFailure, deleteDocument, deleteFailureMessage, sectionDeleteFailure } from './deletes.ts'
import type { AdminListItem } from './listItem.ts'
import { newsroomService } from './newsroom.fixtures.ts'
import { fetchSection } from './sections.ts'

describe('refused and failed deletes', () => {
  const refused = Object.assign(new Error('the mutation(s) failed: Insufficient permissions; permission "delete" required'), { statusCode: 403 })
  const conflict = Object.assign(new Error('Conflict'), { statusCode: 409 })

  it('say the spec’s "disabled" words for a 403, and the error otherwise', () => {
    expect(deleteFailureMessage(refused)).toBe('Delete disabled - using a hosted content service as backend')
    expect(deleteFailureMessage(conflict)).toBe('Conflict')
    expect(deleteFailureMessage('???')).toBe('Unknown error')
    expect(dashboardDeleteFailure(refused)).toBe('Delete functionality disabled - using a hosted content service as backend')
    expect(dashboardDeleteFailure(conflict)).toBe('Deletion failed: Conflict')
    expect(sectionDeleteFailure(refused)).toBe('Failed to delete: Delete disabled - using a hosted content service as backend')
    expect(sectionDeleteFailure(new Error('Network down'))).toBe('Failed to delete: Network down')
  })
})

describe('against the content service', () => {
  const live = newsroomService()

  it('deletes an article and its draft in one transaction', async () => {
    const client = live.service.client({ token: live.token, perspective: 'raw' })
    await deleteDocument(client, 'barrier')
    const left = await client.fetch<string[]>('*[_id in ["barrier", "drafts.barrier"]]._id')
    expect(left).toEqual([])
    // A draft-only article goes too, whichever id is given.
    await deleteDocument(client, 'drafts.gallery-dusk')
    const images = await fetchSection(client, 'images')
    expect(images.items.map((i: AdminListItem) => i.id)).toEqual(['gallery-dawn'])
  })

  it('reports a refused delete in the spec’s words', async () => {
    const viewer = live.service.client({ token: live.service.auth.createRobotToken('viewer', 'test', null), perspective: 'raw' })
    const error = await deleteDocument(viewer, 'bridge').then(
      () => null,
      (e: unknown) => e,
    )
    expect(deleteFailureMessage(error)).toBe('Delete disabled - using a hosted content service as backend')
    expect(await live.service.client().fetch('*[_id == "bridge"][0]._id')).toBe('bridge')
  })
})
